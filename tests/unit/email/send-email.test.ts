// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from "vitest";

const sendMail = vi.fn(async () => ({}));
vi.mock("nodemailer", () => ({ default: { createTransport: vi.fn(() => ({ sendMail })) } }));
vi.mock("@/server/env", () => ({
  serverEnv: () => ({ SMTP_URL: "smtp://127.0.0.1:54325", MAIL_FROM: "Glucose Challenge <hello@glucosechallenge.app>" }),
}));

const { sendEmail } = await import("@/server/email/send-email");

const message = { to: "maya@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi\n" };

describe("sendEmail", () => {
  beforeEach(() => sendMail.mockClear());

  it("sends from MAIL_FROM without attachments by default", async () => {
    await sendEmail(message);
    expect(sendMail).toHaveBeenCalledWith({ from: "Glucose Challenge <hello@glucosechallenge.app>", ...message });
  });

  it("passes attachments to nodemailer", async () => {
    const attachments = [{ filename: "cohort-start.ics", content: "BEGIN:VCALENDAR\r\n", contentType: "text/calendar" }];
    await sendEmail({ ...message, attachments });
    expect(sendMail).toHaveBeenCalledWith({ from: "Glucose Challenge <hello@glucosechallenge.app>", ...message, attachments });
  });
});
