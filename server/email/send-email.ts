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
};

const globalForMail = globalThis as typeof globalThis & { __mailer?: Transporter };

function transporter(): Transporter {
  globalForMail.__mailer ??= nodemailer.createTransport(serverEnv().SMTP_URL);
  return globalForMail.__mailer;
}

/** Sends one email through SMTP_URL (the local mail catcher by default). */
export async function sendEmail(message: EmailMessage): Promise<void> {
  const { to, subject, html, text, attachments } = message;
  await transporter().sendMail({
    from: serverEnv().MAIL_FROM,
    to,
    subject,
    html,
    text,
    ...(attachments?.length
      ? {
          attachments: attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
        }
      : {}),
  });
}
