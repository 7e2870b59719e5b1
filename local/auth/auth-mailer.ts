import nodemailer, { type Transporter } from "nodemailer";
import { loadTemplates, renderTemplate, type EmailLinkType, type TemplateValues } from "./email-templates";

export type { EmailLinkType } from "./email-templates";

const SUBJECTS: Record<EmailLinkType, string> = {
  signup: "Confirm your signup",
  magiclink: "Your sign-in link",
  recovery: "Reset your password",
};

/** Sends the Auth emails over SMTP (the local catcher, or any SMTP server SMTP_URL names), from the project's templates. */
export class AuthMailer {
  private readonly transport: Transporter;
  private readonly templates = loadTemplates();

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async sendLink(to: string, type: EmailLinkType, values: TemplateValues): Promise<void> {
    const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1c2333">
${renderTemplate(this.templates[type], values)}</body></html>`;
    await this.transport.sendMail({ from: this.from, to, subject: SUBJECTS[type], html });
  }

  close(): void {
    this.transport.close();
  }
}
