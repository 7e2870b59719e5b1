import nodemailer, { type Transporter } from "nodemailer";

export type EmailLinkType = "signup" | "magiclink" | "recovery";

const TEMPLATES: Record<EmailLinkType, { subject: string; lead: string; action: string }> = {
  signup: { subject: "Confirm your signup", lead: "Follow this link to confirm your email address.", action: "Confirm your email" },
  magiclink: { subject: "Your sign-in link", lead: "Follow this link to sign in.", action: "Sign in" },
  recovery: { subject: "Reset your password", lead: "Follow this link to choose a new password.", action: "Reset password" },
};

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** Sends the Auth emails over SMTP (the local catcher, or any SMTP server SMTP_URL names). */
export class AuthMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async sendLink(to: string, type: EmailLinkType, link: string): Promise<void> {
    const template = TEMPLATES[type];
    const text = `${template.lead}\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this email.\n`;
    const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1c2333">
<h1 style="font-size:20px">${escapeHtml(template.subject)}</h1>
<p>${escapeHtml(template.lead)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(template.action)}</a></p>
<p style="color:#5b6577">The link works once and expires in 1 hour. If you did not ask for it, ignore this email.</p>
</body></html>`;
    await this.transport.sendMail({ from: this.from, to, subject: template.subject, text, html });
  }

  close(): void {
    this.transport.close();
  }
}
