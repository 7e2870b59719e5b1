// @vitest-environment node
import { describe, expect, it } from "vitest";
import { accountSetupEmail } from "@/server/email/templates/account-setup";

const input = {
  to: "maya@example.com",
  setupUrl: "http://localhost:3000/account/setup?token=abc123&plan=quarterly",
  planName: "Quarterly",
  cohortName: "Kickstart Cohort",
  expiresInHours: 24,
};

describe("accountSetupEmail", () => {
  it("asks the buyer to set up the account with one button to the setup link", async () => {
    const mail = await accountSetupEmail(input);
    expect(mail.to).toBe("maya@example.com");
    expect(mail.subject).toBe("Set up your Glucose Challenge account");
    expect(mail.html).toContain("payment for the Quarterly plan");
    expect(mail.html).toContain("Kickstart Cohort");
    expect(mail.html).toContain("continue with Google");
    expect(mail.html).toContain("coach bot");
    const href = 'href="http://localhost:3000/account/setup?token=abc123&amp;plan=quarterly"';
    expect(mail.html.match(/class="email-button"/g)).toHaveLength(1);
    expect(mail.html).toContain(href);
    // The raw link is shown as text too.
    expect(mail.html).toContain(">http://localhost:3000/account/setup?token=abc123&amp;plan=quarterly</a>");
    expect(mail.html).toContain("works once and expires in 24 hours");
    expect(mail.attachments).toBeUndefined();
  });

  it("has a text version with the link once and the expiry", async () => {
    const { text } = await accountSetupEmail(input);
    expect(text).toContain("Set up my account: http://localhost:3000/account/setup?token=abc123&plan=quarterly");
    expect(text.split("token=abc123").length - 1).toBe(1);
    expect(text).toContain("This link works once and expires in 24 hours.");
    expect(text).toContain("Your cohort: Kickstart Cohort.");
  });

  it("leaves the cohort out when there is none and says '1 hour' for one hour", async () => {
    const mail = await accountSetupEmail({ ...input, cohortName: null, expiresInHours: 1 });
    expect(mail.text).not.toContain("Your cohort");
    expect(mail.text).toContain("expires in 1 hour.");
  });

  it("escapes hostile plan and cohort names", async () => {
    const mail = await accountSetupEmail({
      ...input,
      planName: "<script>alert(1)</script>",
      cohortName: '<img src=x onerror="alert(2)">',
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  it("does not let a link with quotes break out of its attribute", async () => {
    const mail = await accountSetupEmail({ ...input, setupUrl: 'http://localhost:3000/setup?t="><script>x</script>' });
    expect(mail.html).not.toContain("<script>");
  });
});
