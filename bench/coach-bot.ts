import { createHash, createHmac } from "node:crypto";
import postgres from "postgres";
import { jobsDrained } from "./job-workers";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { nextAddress } from "./payments";
import { benchMemberToken, loadMemberGet } from "./referrals";

// The coach bot under load: Telegram's webhook deliveries (each a new update id from a Telegram user
// the stand-in knows, answered by the bot through the stand-in's sendMessage), the login widget
// check, the dashboard's walkthrough progress and its one-time bot links.

/**
 * The webhook load's Telegram users, taken in turn: real traffic is many people writing a few
 * messages, and Telegram lets a bot send one chat about one message a second (the stand-in too), so
 * thousands of updates from one chat would leave hours of replies waiting.
 */
const WEBHOOK_CHATS = 100;
/** How long the bot's replies to the webhook load may take to go out (Telegram's pace: about 30 a second). */
const REPLIES_DRAIN_SECONDS = 240;

type TelegramEnv = { apiUrl: string; botToken: string; webhookSecret: string; botUsername: string };

/** A Telegram user who has opened the bot's chat in the stand-in (so the bot's replies reach a chat). */
async function standInUser(env: TelegramEnv): Promise<number> {
  const identity = await fetch(new URL("/chat/identity", env.apiUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ first_name: "Bench", next: `/t.me/${env.botUsername}` }),
  });
  const cookie = (identity.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const value = cookie.split("=")[1] ?? "";
  const user = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as { id: number };
  // Opening the chat page makes the chat known, as pressing Start does in Telegram.
  await fetch(new URL(`/t.me/${env.botUsername}`, env.apiUrl), { headers: { cookie } }).then((r) => r.arrayBuffer());
  return user.id;
}

function signedLogin(botToken: string): string {
  const fields: Record<string, string | number> = {
    id: 4242,
    first_name: "Bench",
    username: "bench_user",
    auth_date: Math.floor(Date.now() / 1000),
  };
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
  const hash = createHmac("sha256", createHash("sha256").update(botToken).digest()).update(check).digest("hex");
  return JSON.stringify({ ...fields, hash });
}

/** The coach bot's endpoints, for a bench member of their own, against the stack's Telegram stand-in. */
export async function loadCoachBot(
  baseUrl: string,
  databaseUrl: string,
  appEnv: Record<string, string | undefined>,
  opts: LoadOptions,
): Promise<Record<string, LoadResult>> {
  const memberToken = await benchMemberToken({
    authUrl: appEnv.NEXT_PUBLIC_SUPABASE_URL ?? "http://localhost:54321",
    anonKey: appEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? "",
    serviceRoleKey: appEnv.SUPABASE_SERVICE_ROLE_KEY ?? "",
  });
  const env: TelegramEnv = {
    apiUrl: appEnv.TELEGRAM_API_URL ?? "http://localhost:54330",
    botToken: appEnv.TELEGRAM_BOT_TOKEN ?? "",
    webhookSecret: appEnv.TELEGRAM_WEBHOOK_SECRET ?? "",
    botUsername: appEnv.TELEGRAM_BOT_USERNAME ?? "GlucoseCoachBot",
  };
  const api: Record<string, LoadResult> = {};
  const chats: number[] = [];
  for (let i = 0; i < WEBHOOK_CHATS; i += 1) chats.push(await standInUser(env));
  let updateId = Date.now();
  console.log(
    "[bench] load POST /api/telegram/webhook, POST /api/auth/verify-telegram-auth, GET /api/users/me/bot-setup, GET /api/users/me/story-post and POST /api/telegram/start-link",
  );
  api["POST /api/telegram/webhook"] = await loadTest(
    new URL("/api/telegram/webhook", baseUrl).toString(),
    opts,
    () => {
      updateId += 1;
      const userId = chats[updateId % chats.length]!;
      const message = {
        message_id: updateId % 1_000_000,
        date: Math.floor(Date.now() / 1000),
        chat: { id: userId, type: "private", first_name: "Bench" },
        from: { id: userId, is_bot: false, first_name: "Bench" },
        text: "How do I flatten my curve?",
      };
      return {
        method: "POST",
        body: JSON.stringify({ update_id: updateId, message }),
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": env.webhookSecret },
      };
    },
    `a new update id each from ${WEBHOOK_CHATS} chats in turn, none linked to a member: the secret check, one insert, a link lookup and the bot's sendMessage to the stand-in`,
  );
  // The bot's replies go out after the load, at Telegram's pace; the next loads start once they have.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const drained = await jobsDrained(sql, REPLIES_DRAIN_SECONDS, "telegram-update");
    const webhook = api["POST /api/telegram/webhook"];
    const replies =
      drained === null
        ? `the replies had not all gone out ${REPLIES_DRAIN_SECONDS} s after the load`
        : `every reply out ${drained} s after the load`;
    console.log(`[bench]   ${replies}`);
    if (webhook) webhook.note = `${webhook.note ?? ""}; ${replies}`;
  } finally {
    await sql.end();
  }
  const login = signedLogin(env.botToken);
  api["POST /api/auth/verify-telegram-auth"] = await loadTest(
    new URL("/api/auth/verify-telegram-auth", baseUrl).toString(),
    opts,
    () => ({ method: "POST", body: login, headers: { "content-type": "application/json", "x-real-ip": nextAddress() } }),
    "a valid login widget payload from a new address each: HMAC check",
  );
  api["GET /api/users/me/bot-setup"] = await loadMemberGet(
    baseUrl,
    "/api/users/me/bot-setup",
    memberToken,
    opts,
    "signed-in member's walkthrough progress",
  );
  api["GET /api/users/me/story-post"] = await loadMemberGet(
    baseUrl,
    "/api/users/me/story-post",
    memberToken,
    opts,
    "signed-in member's latest /story post link (none: no story)",
  );
  api["POST /api/telegram/start-link"] = await loadTest(
    new URL("/api/telegram/start-link", baseUrl).toString(),
    opts,
    () => ({ method: "POST", headers: { authorization: `Bearer ${memberToken}`, "x-real-ip": nextAddress() } }),
    "a one-time bot link for a signed-in member from a new address each: one hashed token insert",
  );
  return api;
}
