import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { serverEnv } from "../env";

export type EmailAttachment = { filename: string; content: string; contentType: string };

export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  /** A stable Message-ID (the outbox row's): a message sent again after a crash carries the same one. */
  messageId?: string;
  /** Extra headers, such as List-Unsubscribe on an announcement. */
  headers?: Record<string, string>;
};

const globalForMail = globalThis as typeof globalThis & { __mailer?: Transporter };

// A mail server that does not answer fails the attempt within seconds; the outbox job retries it.
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 20_000, dnsTimeout: 5_000 };

// One pool of SMTP connections per process, reused across messages: a mail server may pause
// before greeting each new connection (the local catcher waits 100 ms, as many do against early
// talkers), so a connection per message caps a worker at a few messages a second. A connection
// that fails is dropped from the pool and its message fails (the outbox job retries it); the next
// message opens a fresh one. A connection is kept only while mail keeps coming (a backlog's
// batches follow each other within milliseconds): idle for a quarter of a second, it is closed, so
// mail sent now and then reaches the server as it is now (down, moved, restarted) through a
// connection of its own rather than one opened before.
const SMTP_POOL = { pool: true, maxConnections: 4, maxMessages: 500, idleTimeout: 250 } as const;

function transporter(): Transporter {
  globalForMail.__mailer ??= nodemailer.createTransport({ url: serverEnv().SMTP_URL, ...SMTP_TIMEOUTS, ...SMTP_POOL });
  return globalForMail.__mailer;
}

// RFC 5321: a 5yz reply is a permanent negative completion, a 4yz one transient; 503 (bad
// sequence of commands) only says the session was in the wrong state, so a new one may succeed.
const PERMANENT_REPLY = (code: number) => code >= 500 && code < 600 && code !== 503;
// Only the recipient (RCPT TO) and the message itself (DATA) are this email's own: a refusal of
// the sender (MAIL FROM) or of our credentials is the configuration's and holds for every email,
// so it is retried and a fixed configuration lets them all through.
const MESSAGE_COMMANDS = new Set(["RCPT TO", "DATA"]);

/**
 * Whether the mail server refused this email for good: a 5xx reply to its recipient or its
 * content, which sending it again would get again. A connection that failed, closed or timed out
 * (ECONNECTION, ESOCKET, ETIMEDOUT, EDNS) carries no reply and is not a refusal.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === "number" && PERMANENT_REPLY(responseCode) && typeof command === "string" && MESSAGE_COMMANDS.has(command);
}

/**
 * Sends one email through SMTP_URL (the local mail catcher by default). Product code queues email
 * through the outbox (outbox.ts), whose job calls this.
 */
export async function sendEmail(message: EmailMessage): Promise<void> {
  const { to, subject, html, text, attachments, messageId, headers } = message;
  await transporter().sendMail({
    from: serverEnv().MAIL_FROM,
    to,
    subject,
    html,
    text,
    ...(messageId ? { messageId } : {}),
    ...(headers ? { headers } : {}),
    ...(attachments?.length
      ? {
          attachments: attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
        }
      : {}),
  });
}
