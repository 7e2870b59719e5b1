// @vitest-environment node
import { describe, expect, it } from "vitest";
import { newsletterWelcomeEmail } from "@/server/email/templates/newsletter-welcome";

describe("newsletterWelcomeEmail", () => {
  it("welcomes the subscriber with a link to how the bootcamp works", async () => {
    const mail = await newsletterWelcomeEmail("maya@example.com");
    expect(mail.to).toBe("maya@example.com");
    expect(mail.subject).toBe("You're on the Glucose Challenge list");
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain("Welcome aboard");
    expect(mail.html).toContain('href="http://localhost:3000/how-it-works"');
    expect(mail.html).toContain("One practical glucose experiment, twice a month.");
    expect(mail.attachments).toBeUndefined();
  });

  it("has a readable text version with the link and without the hidden preview", async () => {
    const { text } = await newsletterWelcomeEmail("maya@example.com");
    expect(text).toContain("Welcome aboard\n\nThanks for subscribing.");
    expect(text).toContain("See how the bootcamp works: http://localhost:3000/how-it-works");
    expect(text).toContain("You receive this because maya@example.com was entered in the newsletter form");
    expect(text).not.toContain("twice a month.\u00a0");
    expect(text).not.toContain("<");
  });

  it("escapes the address it repeats", async () => {
    const mail = await newsletterWelcomeEmail('"<script>alert(1)</script>"@example.com');
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
