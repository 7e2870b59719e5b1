import { describe, expect, it } from "vitest";
import { POST as linkRoute } from "@/app/api/auth/link-telegram-user-email/route";
import { maskEmail } from "@/lib/referrals/mask-email";
import { hashSecretToken } from "@/server/security/secret-tokens";
import { BOT_TEXT, LINK_ANSWERS } from "@/server/telegram/bot-replies";
import { suiteSql } from "../../fixtures/db";
import { eventually, signedInMember } from "../../fixtures/payments";
import { botMessages, issueStartToken, linkedMember, say, SITE, suiteTelegram, telegramUser } from "../../fixtures/telegram";

// A Telegram user is linked to a member only when both said so. An attacker's
// bot sign-in link opened by a signed-in member, or an attacker's dashboard start link opened in
// the victim's Telegram, links nobody on its own; a proof links once; a replaced link's chat is told.

const sql = suiteSql();
const telegram = await suiteTelegram();

const linkOf = async (userId: string) =>
  (await sql<{ telegram_user_id: string }[]>`select telegram_user_id::text from public.telegram_links where user_id = ${userId}`)[0]
    ?.telegram_user_id ?? null;

const masked = (email: string) => maskEmail(email, { keepDomain: true });

let ip = 0;
async function linkWithProof(
  token: string,
  body: Record<string, string>,
): Promise<{ status: number; body: { data?: unknown; error?: string } }> {
  const response = await linkRoute(
    new Request(`${SITE}/api/auth/link-telegram-user-email`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "x-real-ip": `198.18.7.${++ip % 250}` },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as { data?: unknown; error?: string } };
}

/** The sign-in link the bot gives a Telegram user who sends /start without a token: its query. */
async function botSignInLink(user: ReturnType<typeof telegramUser>): Promise<URLSearchParams> {
  await say(telegram, sql, user, "/start");
  const reply = botMessages(telegram.standIn, user.id).at(-1) ?? "";
  return new URL(/http\S+/.exec(reply)?.[0] ?? "http://invalid").searchParams;
}

function proofBody(link: URLSearchParams, email: string): Record<string, string> {
  const username = link.get("telegram_username");
  return {
    telegram_id: link.get("telegram_id") ?? "",
    proof: link.get("telegram_proof") ?? "",
    email,
    ...(username ? { telegram_username: username } : {}),
  };
}

describe("(b) a victim's Telegram opening an attacker's dashboard start link", () => {
  it("is asked about the attacker's whole address, which a look-alike of hers cannot pass for", async () => {
    // Both addresses start with "v" at example.com: masked to a first letter, they read alike.
    const attacker = await signedInMember("vmallory");
    const herAccount = await signedInMember("vera");
    expect(masked(attacker.email)).toBe(masked(herAccount.email));
    const startToken = await issueStartToken(attacker.token);
    const victim = telegramUser("Vera", "vera_lookalike");
    await say(telegram, sql, victim, `/start ${startToken}`);
    const [question] = botMessages(telegram.standIn, victim.id);
    expect(question).toContain(attacker.email);
    expect(question).not.toContain(masked(herAccount.email));
    expect(question).not.toBe(BOT_TEXT.confirmLink(herAccount.email));
    expect(await linkOf(attacker.userId)).toBeNull();
  });

  it("is asked first, naming the attacker's account, and nothing is linked when she says no", async () => {
    const attacker = await signedInMember("attacker");
    const startToken = await issueStartToken(attacker.token);
    const victim = telegramUser("Vera", "vera_v");
    await say(telegram, sql, victim, `/start ${startToken}`);
    expect(botMessages(telegram.standIn, victim.id)).toEqual([BOT_TEXT.confirmLink(attacker.email)]);
    // The answers are buttons under the question (a tap sends the text).
    expect(telegram.standIn.messages(victim.id).at(-1)?.reply_markup).toEqual({
      keyboard: [[{ text: LINK_ANSWERS.yes }], [{ text: LINK_ANSWERS.no }]],
    });
    expect(await linkOf(attacker.userId)).toBeNull();

    await say(telegram, sql, victim, LINK_ANSWERS.no);
    expect(botMessages(telegram.standIn, victim.id).at(-1)).toBe(BOT_TEXT.linkDeclined);
    expect(await linkOf(attacker.userId)).toBeNull();
    const [token] = await sql`select used_at from public.telegram_start_tokens where token_hash = ${hashSecretToken(startToken)}`;
    expect(token?.used_at).toBeNull();
    // Her stories are not the attacker's: the bot does not know her.
    await say(telegram, sql, victim, "/story");
    expect(botMessages(telegram.standIn, victim.id).at(-1)).toBe(BOT_TEXT.notLinked);
    // A yes after the no links nothing either.
    await say(telegram, sql, victim, LINK_ANSWERS.yes);
    expect(await linkOf(attacker.userId)).toBeNull();
  });

  it("links the member's own Telegram once it says yes, and tells the chat linked before that it was unlinked", async () => {
    const { member, tg: oldChat } = await linkedMember(telegram, sql, "relinker", "Olive");
    const newPhone = telegramUser("Nora");
    await say(telegram, sql, newPhone, `/start ${await issueStartToken(member.token)}`);
    expect(await linkOf(member.userId)).toBe(String(oldChat.id));
    await say(telegram, sql, newPhone, LINK_ANSWERS.yes);
    expect(botMessages(telegram.standIn, newPhone.id).at(-1)).toBe(BOT_TEXT.linked("Nora", member.email));
    expect(await linkOf(member.userId)).toBe(String(newPhone.id));
    await eventually(
      async () => expect(botMessages(telegram.standIn, oldChat.id).at(-1)).toBe(BOT_TEXT.unlinked(masked(member.email))),
      20_000,
    );
    await say(telegram, sql, oldChat, "/today");
    expect(botMessages(telegram.standIn, oldChat.id).at(-1)).toBe(BOT_TEXT.notLinked);
  });
});

describe("(a) a signed-in member using an attacker's bot sign-in link", () => {
  it("links with a proof once: the same proof on another member is refused", async () => {
    const attackerTg = telegramUser("Mallory", "mallory_m");
    const link = await botSignInLink(attackerTg);
    const first = await signedInMember("first-victim");
    expect((await linkWithProof(first.token, proofBody(link, first.email))).status).toBe(200);
    // The first victim moves her link to her own Telegram, which frees the attacker's.
    const own = telegramUser("Fay");
    await say(telegram, sql, own, `/start ${await issueStartToken(first.token)}`);
    await say(telegram, sql, own, LINK_ANSWERS.yes);
    expect(await linkOf(first.userId)).toBe(String(own.id));

    const second = await signedInMember("second-victim");
    const reused = await linkWithProof(second.token, proofBody(link, second.email));
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe("Failed to link Telegram account. Please try again.");
    expect(await linkOf(second.userId)).toBeNull();
  });

  it("carries the Telegram username the confirmation names, signed: another name with the same proof is refused", async () => {
    const attackerTg = telegramUser("Mallory", "mallory_x");
    const link = await botSignInLink(attackerTg);
    expect(link.get("telegram_username")).toBe("mallory_x");
    const victim = await signedInMember("named-victim");
    const forged = await linkWithProof(victim.token, { ...proofBody(link, victim.email), telegram_username: "victims_own_name" });
    expect(forged.status).toBe(401);
    const unnamed = proofBody(link, victim.email);
    delete unnamed.telegram_username;
    expect((await linkWithProof(victim.token, unnamed)).status).toBe(401);
    expect(await linkOf(victim.userId)).toBeNull();
  });

  it("replacing her link tells her old chat it was unlinked", async () => {
    const { member, tg: herChat } = await linkedMember(telegram, sql, "replaced", "Hana");
    const attackerTg = telegramUser("Mallory");
    const link = await botSignInLink(attackerTg);
    expect((await linkWithProof(member.token, proofBody(link, member.email))).status).toBe(200);
    expect(await linkOf(member.userId)).toBe(String(attackerTg.id));
    await eventually(
      async () => expect(botMessages(telegram.standIn, herChat.id).at(-1)).toBe(BOT_TEXT.unlinked(masked(member.email))),
      20_000,
    );
  });
});
