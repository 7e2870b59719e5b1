import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { startMail, type MailStandIn } from "@/local/mail/mail-server";

// The mail stand-in can refuse one mailbox for a while, as a mail server that is down for it: the
// sender gets a temporary SMTP failure, and mail to that address arrives again once it is accepted.

let mail: MailStandIn;
beforeAll(async () => {
  mail = await startMail({ smtpPort: 0, inboxPort: 0 });
});
afterAll(async () => {
  await mail.stop();
});

const send = (to: string) =>
  nodemailer
    .createTransport({ host: "127.0.0.1", port: mail.smtpPort, secure: false, ignoreTLS: true })
    .sendMail({ from: "app@example.com", to, subject: "Hello", text: "Hi" });
const inbox = async (to: string) =>
  ((await (await fetch(`${mail.inboxUrl}/api/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: unknown[] }).messages;
const refusal = (method: "PUT" | "DELETE", address: string) =>
  fetch(`${mail.inboxUrl}/api/refused/${encodeURIComponent(address)}`, { method });

describe("the mail stand-in's refused mailboxes", () => {
  it("answer a temporary failure for a refused address only, until it is accepted again", async () => {
    expect((await refusal("PUT", "Down@Example.com")).status).toBe(200);
    await expect(send("down@example.com")).rejects.toMatchObject({ responseCode: 450 });
    await send("up@example.com");
    expect(await inbox("down@example.com")).toHaveLength(0);
    expect(await inbox("up@example.com")).toHaveLength(1);

    expect((await refusal("DELETE", "down@example.com")).status).toBe(200);
    await send("down@example.com");
    expect(await inbox("down@example.com")).toHaveLength(1);
  });

  it("answer a permanent failure (550, on RCPT TO) for an address refused with ?code=550", async () => {
    const answer = await fetch(`${mail.inboxUrl}/api/refused/${encodeURIComponent("gone@example.com")}?code=550`, { method: "PUT" });
    expect(await answer.json()).toEqual({ address: "gone@example.com", refused: true, code: 550 });
    await expect(send("gone@example.com")).rejects.toMatchObject({ responseCode: 550, command: "RCPT TO", code: "EENVELOPE" });
    expect(await inbox("gone@example.com")).toHaveLength(0);
    expect((await refusal("DELETE", "gone@example.com")).status).toBe(200);
    await send("gone@example.com");
    expect(await inbox("gone@example.com")).toHaveLength(1);
  });

  it("answer 400, not 500, for an address that is not percent-encoded text or a code other than 450 or 550", async () => {
    expect((await fetch(`${mail.inboxUrl}/api/refused/%ZZ`, { method: "PUT" })).status).toBe(400);
    expect((await fetch(`${mail.inboxUrl}/api/refused/a%40example.com?code=250`, { method: "PUT" })).status).toBe(400);
    await send("a@example.com");
    expect(await inbox("a@example.com")).toHaveLength(1);
  });
});
