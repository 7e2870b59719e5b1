import { describe, expect, it } from "vitest";
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, emailProblem, normaliseEmail } from "@/lib/email/email-address";
import { newsletterSubscriptionSchema } from "@/lib/newsletter/newsletter-schema";

describe("email address rule", () => {
  it.each(["", "   "])("asks for an address when the field is %j", (value) => {
    expect(emailProblem(value)).toBe(EMAIL_REQUIRED_MESSAGE);
  });

  it.each(["plainaddress", "a@b", "a@@example.com", ".a@example.com", "a..b@example.com", "a@example.c", `${"a".repeat(250)}@example.com`])(
    "rejects %j",
    (value) => expect(emailProblem(value)).toBe(EMAIL_INVALID_MESSAGE),
  );

  it.each(["maya@example.com", "  Maya.R+news@Example.co.uk  ", "o'brien@example.ie"])("accepts %j", (value) => {
    expect(emailProblem(value)).toBeNull();
  });

  it("normalises to trimmed lower case", () => {
    expect(normaliseEmail("  Maya@Example.COM ")).toBe("maya@example.com");
  });

  it("is the rule the newsletter schema applies", () => {
    expect(newsletterSubscriptionSchema.parse({ email: " Maya@Example.com " })).toEqual({
      email: "maya@example.com",
      source: "footer",
    });
    const failure = newsletterSubscriptionSchema.safeParse({ email: "nope" });
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.message).toBe(EMAIL_INVALID_MESSAGE);
    expect(newsletterSubscriptionSchema.safeParse({}).error?.issues[0]?.message).toBe(EMAIL_REQUIRED_MESSAGE);
  });
});
