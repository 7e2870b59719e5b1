import { describe, expect, it } from "vitest";
import { emailIdentity } from "@/lib/email/email-address";
import {
  AFFILIATE_CODE_ALPHABET,
  AFFILIATE_CODE_PATTERN,
  affiliateCodeFrom,
  affiliateLink,
  canonicalAffiliateCode,
  couponCodeFor,
} from "@/lib/referrals/affiliate-code";
import { isPlausibleReferralCode } from "@/lib/referrals/referral-capture-rules";
import {
  centsToDollars,
  commissionCents,
  commissionReasonText,
  paidBeforeTaxCents,
  reversedCommissionCents,
} from "@/lib/referrals/commission";
import { maskEmail } from "@/lib/referrals/mask-email";

describe("affiliate codes (D5)", () => {
  it("are two readable groups of four from random bytes, without look-alike characters", () => {
    const code = affiliateCodeFrom(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 30]));
    expect(code).toBe("2345-678z");
    expect(code).toMatch(AFFILIATE_CODE_PATTERN);
    expect(isPlausibleReferralCode(code)).toBe(true);
    expect(AFFILIATE_CODE_ALPHABET).not.toMatch(/[01ilo]/);
  });

  it("skip bytes that would favour some characters, and need enough usable bytes", () => {
    expect(affiliateCodeFrom(Uint8Array.from([255, 248, 0, 1, 2, 3, 4, 5, 6, 7]))).toBe("2345-6789");
    expect(affiliateCodeFrom(Uint8Array.from([255, 0, 1]))).toBeNull();
  });

  it("are read in any case with spaces around; anything else is no code", () => {
    expect(canonicalAffiliateCode("  K7M3-Q9XA ")).toBe("k7m3-q9xa");
    for (const value of ["MAYA10", "k7m3q9xa", "k7m3-q9x0", "k7m3-q9xa-", ""]) expect(canonicalAffiliateCode(value)).toBeNull();
  });

  it("give the coupon code in capitals and the link {site}/?via={code}", () => {
    expect(couponCodeFor("k7m3-q9xa")).toBe("K7M3-Q9XA");
    expect(affiliateLink("https://glucosechallenge.app/", "k7m3-q9xa")).toBe("https://glucosechallenge.app/?via=k7m3-q9xa");
  });
});

describe("one person, one address (no self-referral)", () => {
  it.each([
    ["Maya.Rose+deals@Gmail.com", "mayarose@gmail.com"],
    ["m.a.y.a@googlemail.com", "maya@gmail.com"],
    ["maya.rose+x@example.com", "maya.rose@example.com"],
    ["  MAYA@Example.COM ", "maya@example.com"],
    ["+tag@example.com", "+tag@example.com"],
  ])("%s is %s", (input, identity) => expect(emailIdentity(input)).toBe(identity));
});

describe("commission (SPEC §9, D14)", () => {
  it("is 20% of the amount paid before tax, in whole cents", () => {
    expect(paidBeforeTaxCents(16092, 1192)).toBe(14900);
    expect(commissionCents(14900)).toBe(2980);
    expect(commissionCents(13410)).toBe(2682);
    expect(commissionCents(3)).toBe(1);
    expect(commissionCents(-5)).toBe(0);
    expect(paidBeforeTaxCents(100, 500)).toBe(0);
  });

  it("reverses the refunded share, never more than the commission", () => {
    expect(reversedCommissionCents(2980, 16092, 1000)).toBe(185);
    expect(reversedCommissionCents(2980, 16092, 16092)).toBe(2980);
    expect(reversedCommissionCents(2980, 16092, 99_999)).toBe(2980);
    expect(reversedCommissionCents(2980, 16092, -1)).toBe(0);
  });

  it("is shown in dollars with its reason", () => {
    expect(centsToDollars(2980)).toBe(29.8);
    expect(centsToDollars(-185)).toBe(-1.85);
    expect(commissionReasonText("renewal", "Popular")).toBe("20% of a renewal of the Popular plan");
    expect(commissionReasonText("dispute_lost", "Premium")).toBe(
      "Reversed: the payment for the Premium plan was disputed and the dispute was lost",
    );
    expect(commissionReasonText("self_referral", "Starter")).toBe("No commission: your own purchase of the Starter plan (self-referral)");
  });
});

describe("masked emails", () => {
  it.each([
    ["friend.one@example.com", "f***@e***.com"],
    ["Ana@Mail.Example.co.uk", "a***@m***.uk"],
    ["x@localhost", "x***@l***"],
    ["broken", "***"],
  ])("%s is shown as %s", (email, masked) => expect(maskEmail(email)).toBe(masked));
});
