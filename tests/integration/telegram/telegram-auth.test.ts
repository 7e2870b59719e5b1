import { describe, expect, it } from "vitest";
import { POST as linkRoute } from "@/app/api/auth/link-telegram-user-email/route";
import { POST as verifyRoute } from "@/app/api/auth/verify-telegram-auth/route";
import { GET as getBotSetup, POST as saveBotSetupRoute } from "@/app/api/users/me/bot-setup/route";
import { POST as qrLinkRoute } from "@/app/api/telegram/qr-link/route";
import { GET as qrStatusRoute } from "@/app/api/telegram/qr-link/status/route";
import { GET as openQrRoute } from "@/app/api/telegram/qr/[token]/route";
import { signLinkProof } from "@/server/telegram/link-proof";
import { signLoginPayload } from "../../../local/telegram/login-widget";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { jobsSettled } from "../../fixtures/jobs";
import { signedInMember } from "../../fixtures/payments";
import { BOT_TOKEN, SITE, suiteTelegram } from "../../fixtures/telegram";

const sql = suiteSql();
const telegram = await suiteTelegram();

let ip = 0;
type Reply = { status: number; body: { data?: Record<string, unknown>; error?: string; message?: string; code?: string } };

async function call(
  handler: (request: Request, context?: never) => Promise<Response>,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": "application/json", "x-real-ip": `198.18.0.${++ip % 250}` };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await handler(
    new Request(`${SITE}${path}`, {
      method: init.method ?? "POST",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
  return { status: response.status, body: await response.json() };
}

const now = () => Math.floor(Date.now() / 1000);
const loginPayload = (overrides: Record<string, string | number> = {}) =>
  signLoginPayload(
    { id: 424242, first_name: "Ada", username: "ada_l", photo_url: "https://t.me/i/userpic/ada.jpg", auth_date: now(), ...overrides },
    BOT_TOKEN,
  );

describe("POST /api/auth/verify-telegram-auth", () => {
  it("accepts a payload signed with the bot token and answers it unchanged", async () => {
    const payload = loginPayload();
    const { status, body } = await call(verifyRoute, "/api/auth/verify-telegram-auth", { body: payload });
    expect(status).toBe(200);
    expect(body.data).toEqual(payload);
  });

  it("refuses a tampered payload, one signed with another token, and one older than 24 hours", async () => {
    const tampered = { ...loginPayload(), id: 1 };
    const otherBot = signLoginPayload({ id: 424242, first_name: "Ada", auth_date: now() }, "2000000002:another_bot_token_0000000000");
    const stale = loginPayload({ auth_date: now() - 24 * 3600 - 5 });
    const extraField = { ...loginPayload(), last_name: "Lovelace" };
    for (const payload of [tampered, otherBot, stale, extraField]) {
      const { status, body } = await call(verifyRoute, "/api/auth/verify-telegram-auth", { body: payload });
      expect(status).toBe(401);
      expect(body.error).toBe("Failed to verify Telegram authentication");
      expect(body.message).toBe("Failed to verify Telegram authentication");
    }
  });

  it("accepts a payload just under 24 hours old", async () => {
    const { status } = await call(verifyRoute, "/api/auth/verify-telegram-auth", {
      body: loginPayload({ auth_date: now() - 24 * 3600 + 60 }),
    });
    expect(status).toBe(200);
  });

  it("accepts what the stand-in's consent page signs, and the widget script it serves names the stand-in", async () => {
    const consent = await fetch(`${telegram.standIn.url}/auth/consent`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ origin: SITE, first_name: "Ada", last_name: "Lovelace", username: "ada_lovelace" }),
    });
    const html = await consent.text();
    const pre = /<pre id="payload">([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? "{}";
    const payload = JSON.parse(
      pre.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&#39;", "'"),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({ first_name: "Ada", last_name: "Lovelace", username: "ada_lovelace" });
    const { status, body } = await call(verifyRoute, "/api/auth/verify-telegram-auth", { body: payload });
    expect(body).toEqual({ data: payload });
    expect(status).toBe(200);
    const script = await (await fetch(`${telegram.standIn.url}/js/telegram-widget.js`)).text();
    expect(script).toContain("Log in with Telegram");
  });

  it("answers a payload without a hash or id with 422", async () => {
    const unsigned: Record<string, unknown> = { ...loginPayload() };
    delete unsigned.hash;
    expect((await call(verifyRoute, "/api/auth/verify-telegram-auth", { body: unsigned })).status).toBe(422);
    expect((await call(verifyRoute, "/api/auth/verify-telegram-auth", { body: { ...loginPayload(), id: "abc" } })).status).toBe(422);
  });
});

describe("POST /api/auth/link-telegram-user-email", () => {
  const telegramId = () => String(500_000_000 + Math.floor(Math.random() * 100_000_000));

  it("links the signed-in member with the proof from the bot's link", async () => {
    const member = await signedInMember("link");
    const id = telegramId();
    const { status, body } = await call(linkRoute, "/api/auth/link-telegram-user-email", {
      token: member.token,
      body: { telegram_id: id, email: member.email.toUpperCase(), proof: signLinkProof(id, BOT_TOKEN, new Date()) },
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ message: "Telegram account linked successfully!", telegramLinked: true });
    const [link] = await sql`select telegram_user_id::text from public.telegram_links where user_id = ${member.userId}`;
    expect(link?.telegram_user_id).toBe(id);
  });

  it("keeps the Telegram username the proof signed, and the walkthrough answers it (SPEC §4: success sets the username)", async () => {
    const member = await signedInMember("link-named");
    const id = telegramId();
    const proof = signLinkProof(id, BOT_TOKEN, new Date(), "ada_l");
    const linked = await call(linkRoute, "/api/auth/link-telegram-user-email", {
      token: member.token,
      body: { telegram_id: id, telegram_username: "ada_l", email: member.email, proof },
    });
    expect(linked.status).toBe(200);
    const progress = await call(getBotSetup, "/api/users/me/bot-setup", { method: "GET", token: member.token });
    expect(progress.body.data).toMatchObject({ telegramLinked: true, telegramUsername: "ada_l" });
    expect((progress.body.data?.completedSteps as number[] | undefined) ?? []).toContain(3);
  });

  it("never links a bare id, a forged or expired proof, someone else's email, or without a session", async () => {
    const member = await signedInMember("nolink");
    const id = telegramId();
    const cases: [unknown, string | undefined, number][] = [
      [{ telegram_id: id, email: member.email }, member.token, 422],
      [{ telegram_id: id, email: member.email, proof: signLinkProof(telegramId(), BOT_TOKEN, new Date()) }, member.token, 401],
      [
        { telegram_id: id, email: member.email, proof: signLinkProof(id, "2000000002:another_bot_token_0000000000", new Date()) },
        member.token,
        401,
      ],
      [
        { telegram_id: id, email: member.email, proof: signLinkProof(id, BOT_TOKEN, new Date(Date.now() - 31 * 60_000)) },
        member.token,
        401,
      ],
      [{ telegram_id: id, email: "someone.else@example.com", proof: signLinkProof(id, BOT_TOKEN, new Date()) }, member.token, 403],
      [{ telegram_id: id, email: member.email, proof: signLinkProof(id, BOT_TOKEN, new Date()) }, undefined, 401],
    ];
    for (const [body, token, expected] of cases) {
      const reply = await call(linkRoute, "/api/auth/link-telegram-user-email", { token, body });
      expect(reply.status).toBe(expected);
      if (expected !== 422 && token) expect(reply.body.error).toBe("Failed to link Telegram account. Please try again.");
    }
    const links = await sql`select 1 from public.telegram_links where user_id = ${member.userId} or telegram_user_id = ${id}`;
    expect(links).toHaveLength(0);
  });

  it("answers 409 for a Telegram id already linked to another member, and leaves that link alone", async () => {
    const owner = await signedInMember("owner");
    const other = await signedInMember("other");
    const id = telegramId();
    const proof = signLinkProof(id, BOT_TOKEN, new Date());
    expect(
      (
        await call(linkRoute, "/api/auth/link-telegram-user-email", {
          token: owner.token,
          body: { telegram_id: id, email: owner.email, proof },
        })
      ).status,
    ).toBe(200);
    // Another proof the bot signed for the same Telegram user (each proof links once).
    const another = signLinkProof(id, BOT_TOKEN, new Date(Date.now() - 5_000));
    const reply = await call(linkRoute, "/api/auth/link-telegram-user-email", {
      token: other.token,
      body: { telegram_id: id, email: other.email, proof: another },
    });
    expect(reply.status).toBe(409);
    const rows = await sql`select user_id from public.telegram_links where telegram_user_id = ${id}`;
    expect(rows.map((row) => row.user_id)).toEqual([owner.userId]);
  });
});

describe("/api/users/me/bot-setup", () => {
  it("saves the member's own step and completed steps; all four ticked by hand is not a set-up bot until the bot links the chat", async () => {
    const member = await signedInMember("steps");
    const saved = await call(saveBotSetupRoute, "/api/users/me/bot-setup", {
      token: member.token,
      body: { currentStep: 2, completedSteps: [0, 1, 1] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ currentStep: 2, completedSteps: [0, 1], telegramLinked: false, completed: false });
    const done = await call(saveBotSetupRoute, "/api/users/me/bot-setup", {
      token: member.token,
      body: { currentStep: 3, completedSteps: [0, 1, 2, 3] },
    });
    expect(done.body.data).toMatchObject({ completedSteps: [0, 1, 2, 3], telegramLinked: false, completed: false });
    const read = await call(getBotSetup, "/api/users/me/bot-setup", { method: "GET", token: member.token });
    expect(read.body.data).toMatchObject({ currentStep: 3, completedSteps: [0, 1, 2, 3], completed: false });
    const [row] = await sql`select botsetup_completed from public.users where id = ${member.userId}`;
    expect(row?.botsetup_completed).toBe(false);

    const id = String(600_000_000 + Math.floor(Math.random() * 100_000_000));
    const linked = await call(linkRoute, "/api/auth/link-telegram-user-email", {
      token: member.token,
      body: { telegram_id: id, email: member.email, proof: signLinkProof(id, BOT_TOKEN, new Date()) },
    });
    expect(linked.status).toBe(200);
    const after = await call(getBotSetup, "/api/users/me/bot-setup", { method: "GET", token: member.token });
    expect(after.body.data).toMatchObject({ telegramLinked: true, completed: true });
    const [linkedRow] = await sql`select botsetup_completed from public.users where id = ${member.userId}`;
    expect(linkedRow?.botsetup_completed).toBe(true);
  });

  it("cannot claim a Telegram link, write an unknown step, or write without a session", async () => {
    const member = await signedInMember("claims");
    const forged = await call(saveBotSetupRoute, "/api/users/me/bot-setup", {
      token: member.token,
      body: { currentStep: 1, completedSteps: [0], telegramLinked: true, telegramUsername: "admin" },
    });
    expect(forged.status).toBe(200);
    expect(forged.body.data).toMatchObject({ telegramLinked: false, telegramUsername: null });
    expect(
      (await call(saveBotSetupRoute, "/api/users/me/bot-setup", { token: member.token, body: { currentStep: 4, completedSteps: [] } }))
        .status,
    ).toBe(422);
    expect(
      (await call(saveBotSetupRoute, "/api/users/me/bot-setup", { token: member.token, body: { currentStep: 0, completedSteps: [7] } }))
        .status,
    ).toBe(422);
    expect((await call(saveBotSetupRoute, "/api/users/me/bot-setup", { body: { currentStep: 0, completedSteps: [] } })).status).toBe(401);
  });
});

describe("whether Telegram is linked", () => {
  it("comes from the member's Telegram link, never from the stored walkthrough", async () => {
    const member = await signedInMember("derived");
    // As if the stored walkthrough had been written by someone else than the bot.
    const forged = { currentStep: 3, completedSteps: [0, 1, 2], telegramLinked: true, telegramUsername: "admin" };
    await sql`update public.users set botsetup_step = ${sql.json(forged)} where id = ${member.userId}`;
    const read = await call(getBotSetup, "/api/users/me/bot-setup", { method: "GET", token: member.token });
    expect(read.body.data).toMatchObject({ telegramLinked: false, telegramUsername: null, completedSteps: [0, 1, 2] });
    // Saving does not count the last step done from a forged flag either.
    const saved = await call(saveBotSetupRoute, "/api/users/me/bot-setup", {
      token: member.token,
      body: { currentStep: 3, completedSteps: [0, 1, 2] },
    });
    expect(saved.body.data).toMatchObject({ telegramLinked: false, completedSteps: [0, 1, 2], completed: false });

    const id = String(600_000_000 + Math.floor(Math.random() * 100_000_000));
    const linked = await call(linkRoute, "/api/auth/link-telegram-user-email", {
      token: member.token,
      body: {
        telegram_id: id,
        telegram_username: "real_name",
        email: member.email,
        proof: signLinkProof(id, BOT_TOKEN, new Date(), "real_name"),
      },
    });
    expect(linked.status).toBe(200);
    const after = await call(getBotSetup, "/api/users/me/bot-setup", { method: "GET", token: member.token });
    expect(after.body.data).toMatchObject({
      telegramLinked: true,
      telegramUsername: "real_name",
      completedSteps: [0, 1, 2, 3],
      completed: true,
    });
    // A stored walkthrough that says "not linked" does not hide a real link.
    await sql`update public.users set botsetup_step = ${sql.json({ ...forged, telegramLinked: false, telegramUsername: null })} where id = ${member.userId}`;
    const still = await call(getBotSetup, "/api/users/me/bot-setup", { method: "GET", token: member.token });
    expect(still.body.data).toMatchObject({ telegramLinked: true, telegramUsername: "real_name" });
  });
});

describe("the walkthrough's QR link", () => {
  // The phone holds no session: /auth says the sign-in link is on its way and keeps the walkthrough
  // step to go on to once signed in.
  const SENT = `${SITE}/auth?next=${encodeURIComponent("/dashboard?step=1&mobile=true&qr=true")}&qr=sent`;

  it("records that the phone opened it, for its own member only, and sends the phone to the dashboard's next step", async () => {
    const member = await signedInMember("qr");
    const stranger = await signedInMember("qrstranger");
    const issued = await call(qrLinkRoute, "/api/telegram/qr-link", { token: member.token });
    expect(issued.status).toBe(200);
    const { id, url } = issued.body.data as { id: string; url: string };
    const status = (token: string) => call(qrStatusRoute, `/api/telegram/qr-link/status?id=${id}`, { method: "GET", token });
    expect((await status(member.token)).body.data).toEqual({ scanned: false });

    const token = new URL(url).pathname.split("/").at(-1) ?? "";
    const opened = await openQrRoute(new Request(url, { headers: { "x-real-ip": "198.18.1.1" } }), { params: Promise.resolve({ token }) });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(SENT);
    expect((await status(member.token)).body.data).toEqual({ scanned: true });
    expect((await status(stranger.token)).body.data).toEqual({ scanned: false });
    // The sign-in link went to the member's address, once, however often the code is opened.
    const again = await openQrRoute(new Request(url, { headers: { "x-real-ip": "198.18.1.3" } }), { params: Promise.resolve({ token }) });
    expect(again.headers.get("location")).toBe(SENT);
    await waitForMail(member.email);
    // Every email those requests queued has been sent (or failed): none is still on its way.
    await jobsSettled(sql);
    const mails = await inboxFor(member.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your sign-in link"]);

    const forged = await openQrRoute(new Request(`${SITE}/api/telegram/qr/${"B".repeat(43)}`, { headers: { "x-real-ip": "198.18.1.2" } }), {
      params: Promise.resolve({ token: "B".repeat(43) }),
    });
    expect(forged.headers.get("location")).toBe(`${SITE}/auth?qr=expired`);
  });

  it("sends a phone that opens a lapsed code to /auth saying so, and emails nothing", async () => {
    const member = await signedInMember("qrlapsed");
    const issued = await call(qrLinkRoute, "/api/telegram/qr-link", { token: member.token });
    const { id, url } = issued.body.data as { id: string; url: string };
    await sql`update public.telegram_qr_scans set expires_at = now() - interval '1 second' where token_hash = ${id}`;
    const token = new URL(url).pathname.split("/").at(-1) ?? "";
    const opened = await openQrRoute(new Request(url, { headers: { "x-real-ip": "198.18.1.4" } }), { params: Promise.resolve({ token }) });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`${SITE}/auth?qr=expired`);
    await jobsSettled(sql);
    expect(await inboxFor(member.email)).toEqual([]);
  });
});
