// @vitest-environment node
import { describe, expect, it } from "vitest";
import { paymentConfirmationEmail } from "@/server/email/templates/payment-confirmation";

const input = {
  to: "maya@example.com",
  planName: "Quarterly",
  billingLabel: "every 3 months",
  hasCgm: true,
  amountPaidCents: 16092,
  taxCents: 1192,
  discountCents: 2000,
  currency: "usd",
  orderReference: "GC-2026-0042",
  cohort: {
    id: "0c0a0000-0000-4000-8000-000000000001",
    name: "Kickstart Cohort",
    startsAt: new Date("2026-12-07T00:00:00Z"),
    // As stored: start + 14 days, the midnight after the last day (Dec 20).
    endsAt: new Date("2026-12-21T00:00:00Z"),
  },
  dashboardUrl: "http://localhost:3000/dashboard",
};

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

describe("paymentConfirmationEmail", () => {
  it("is a receipt with plan, CGM, discount, tax, total and order reference", async () => {
    const mail = await paymentConfirmationEmail(input);
    expect(mail.to).toBe("maya@example.com");
    expect(mail.subject).toBe("Payment received: Quarterly plan");
    for (const value of ["Quarterly", "every 3 months", "CGM devices included", "-$20.00", "$11.92", "$160.92", "GC-2026-0042"]) {
      expect(mail.html).toContain(value);
    }
    expect(mail.html).toContain('href="http://localhost:3000/dashboard"');
  });

  it("has a text version with the receipt lines, the cohort dates and the dashboard link", async () => {
    const { text } = await paymentConfirmationEmail(input);
    expect(text).toMatch(/Plan +Quarterly/);
    expect(text).toMatch(/Billing +every 3 months/);
    expect(text).toMatch(/CGM devices +Included/);
    expect(text).toMatch(/Discount +-\$20\.00/);
    expect(text).toMatch(/Tax +\$11\.92/);
    expect(text).toMatch(/Total paid +\$160\.92/);
    expect(text).toMatch(/Order reference +GC-2026-0042/);
    expect(text).toContain("Kickstart Cohort");
    expect(text).toContain("Mon, Dec 7, 2026 – Sun, Dec 20, 2026");
    expect(text).toContain("Open your dashboard: http://localhost:3000/dashboard");
  });

  it("leaves out the CGM and discount rows when they do not apply", async () => {
    const mail = await paymentConfirmationEmail({ ...input, hasCgm: false, discountCents: 0 });
    expect(mail.html).not.toContain("CGM devices");
    expect(mail.text).not.toContain("Discount");
    expect(mail.text).toMatch(/Tax +\$11\.92/);
  });

  it("attaches the cohort dates as cohort-start.ics", async () => {
    const mail = await paymentConfirmationEmail(input);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments ?? [];
    expect(attachment?.filename).toBe("cohort-start.ics");
    expect(attachment?.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    const lines = unfold(attachment?.content ?? "").split("\r\n");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines).toContain("UID:cohort-0c0a0000-0000-4000-8000-000000000001@glucosechallenge.app");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261207");
    expect(lines).toContain("DTEND;VALUE=DATE:20261221");
    expect(lines).toContain("SUMMARY:Glucose Challenge: Kickstart Cohort");
    expect(lines).toContain("URL;VALUE=URI:http://localhost:3000/dashboard");
    expect(mail.text).toContain("cohort-start.ics");
  });

  it("reads an end inside the last day as that day", async () => {
    const mail = await paymentConfirmationEmail({ ...input, cohort: { ...input.cohort, endsAt: new Date("2026-12-20T18:00:00Z") } });
    expect(mail.text).toContain("Mon, Dec 7, 2026 – Sun, Dec 20, 2026");
    expect(unfold(mail.attachments?.[0]?.content ?? "")).toContain("DTEND;VALUE=DATE:20261221");
  });

  it("shows a single date for a one-day cohort", async () => {
    const mail = await paymentConfirmationEmail({ ...input, cohort: { ...input.cohort, endsAt: new Date("2026-12-08T00:00:00Z") } });
    expect(mail.text).toContain("\nMon, Dec 7, 2026\n");
    expect(unfold(mail.attachments?.[0]?.content ?? "")).toContain("DTEND;VALUE=DATE:20261208");
  });

  it("says 'Dates to be announced' and attaches nothing without a start date", async () => {
    const mail = await paymentConfirmationEmail({ ...input, cohort: { ...input.cohort, startsAt: null, endsAt: null } });
    expect(mail.html).toContain("Dates to be announced");
    expect(mail.text).toContain("Dates to be announced");
    expect(mail.text).not.toContain(".ics");
    expect(mail.attachments).toBeUndefined();
  });

  it("shows only the start when the end is unknown", async () => {
    const mail = await paymentConfirmationEmail({ ...input, cohort: { ...input.cohort, endsAt: null } });
    expect(mail.text).toContain("Starts Mon, Dec 7, 2026");
    expect(unfold(mail.attachments?.[0]?.content ?? "")).toContain("DTEND;VALUE=DATE:20261208");
  });

  it("has no cohort section or attachment without a cohort", async () => {
    const mail = await paymentConfirmationEmail({ ...input, cohort: null });
    expect(mail.html).not.toContain("Your cohort");
    expect(mail.attachments).toBeUndefined();
  });

  it("tells a buyer whose cohort filled up before the payment came through to choose another", async () => {
    const mail = await paymentConfirmationEmail({ ...input, cohort: null, cohortFilledUp: true });
    expect(mail.text).toContain("The cohort you chose filled up before your payment came through");
    expect(mail.text).toContain("Choose another one from your dashboard.");
    expect((await paymentConfirmationEmail(input)).text).not.toContain("filled up");
  });

  it("escapes hostile names in the email and in the calendar file", async () => {
    const mail = await paymentConfirmationEmail({
      ...input,
      planName: "<script>alert(1)</script>",
      orderReference: "<b>ref</b>",
      cohort: { ...input.cohort, name: "<script>alert(2)</script>; evil, cohort" },
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>ref");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;; evil, cohort");
    expect(unfold(mail.attachments?.[0]?.content ?? "")).toContain(
      "SUMMARY:Glucose Challenge: <script>alert(2)</script>\\; evil\\, cohort",
    );
  });
});
