import { randomUUID } from "node:crypto";
import { SMTPServer } from "smtp-server";
import PostalMime from "postal-mime";
import type { MailStore } from "./mail-store";

const HREF = /href="([^"]+)"/g;
const URL_IN_TEXT = /https?:\/\/[^\s<>"')]+/g;

function linksOf(html: string | null, text: string): string[] {
  const found = new Set<string>();
  for (const match of (html ?? "").matchAll(HREF)) if (match[1]) found.add(match[1].replaceAll("&amp;", "&"));
  for (const match of text.matchAll(URL_IN_TEXT)) found.add(match[0]);
  return [...found];
}

/**
 * An SMTP server that accepts every message (no auth, no TLS) and keeps it in the store, except for
 * a mailbox the store refuses: that recipient gets a temporary failure (450), as from a mail server
 * that is down for it, or a permanent one (550), as for a mailbox that does not exist, so the
 * sender's retries, its giving up and an operator's repair can be tried for real.
 */
export async function startSmtpCatcher(port: number, store: MailStore): Promise<{ port: number; stop: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    banner: "local mail catcher",
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const code = store.refusalOf(address.address);
      if (code === null) return callback();
      const message = code === 550 ? "Mailbox unavailable: no such user here" : "Mailbox unavailable, try again later";
      callback(Object.assign(new Error(message), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then(async (email) => {
            const text = email.text ?? "";
            const html = email.html ?? null;
            const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
            await store.add({
              id: randomUUID(),
              receivedAt: new Date().toISOString(),
              from: email.from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
              to: envelopeTo,
              subject: email.subject ?? "(no subject)",
              text,
              html,
              links: linksOf(html, text),
              messageId: email.messageId ?? null,
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client that drops its connection (a reset, as the fault proxies do) is that client's error:
  // the catcher keeps serving the others instead of ending the process.
  server.on("error", () => {});
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return { port: actualPort, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
