import { describe, expect, it } from "vitest";
import { checkoutQuestionnaire, checkoutRequest } from "@/lib/enrolment/checkout-request";
import { parsePlanChoice } from "@/lib/enrolment/plan-choice";
import { resultForYesCount } from "@/lib/questionnaire/questionnaire";
import { checkoutSessionRequestSchema } from "@/lib/payments/checkout-schemas";
import { noToAll } from "./safety-screen-fixture";

const userInfo = {
  cgmExperience: "yes" as const,
  agreeToTerms: true as const,
  termsVersion: "2025-07-31" as const,
  termsAcceptedAt: "2025-11-15T10:00:00.000Z",
  safetyScreen: noToAll,
};
const cohortId = "0c0a0000-0000-4000-8000-000000000001";

describe("the checkout session request (SPEC §3)", () => {
  it("carries plan, CGM, own-origin URLs, cohort, user info and source, and passes the server's schema", () => {
    const request = checkoutRequest({
      choice: parsePlanChoice({ plan: "popular", cgm: "true" })!,
      origin: "https://glucose.example",
      cohortId,
      userInfo,
      questionnaire: null,
      referral: null,
    });
    expect(request).toEqual({
      planType: "popular",
      hasCGM: true,
      successUrl: "https://glucose.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://glucose.example/payment?plan=popular&cgm=true&step=pay",
      cohortId,
      metadata: { source: "website", plan_name: "Popular", user_info: userInfo, questionnaire: null, cohort_id: cohortId },
    });
    expect(checkoutSessionRequestSchema.safeParse(request).success).toBe(true);
  });

  it("adds the trimmed coupon, the referral with its UTM fields and the questionnaire", () => {
    const questionnaire = checkoutQuestionnaire(
      [
        { questionId: 1, answer: "yes" },
        { questionId: 2, answer: "no" },
      ],
      resultForYesCount(3),
    );
    const request = checkoutRequest({
      choice: parsePlanChoice({ plan: "starter", cgm: "false" })!,
      origin: "http://localhost:3000",
      cohortId,
      couponCode: "  FRIEND10 ",
      userInfo,
      questionnaire,
      referral: {
        referralId: "anna-42",
        timestamp: 1,
        source: "url",
        referrerUrl: "https://blog.example/post",
        utmSource: "newsletter",
        utmCampaign: "autumn",
      },
    });
    expect(request).toMatchObject({
      couponCode: "FRIEND10",
      referralId: "anna-42",
      utmSource: "newsletter",
      utmCampaign: "autumn",
      referrerUrl: "https://blog.example/post",
    });
    expect(request.metadata.questionnaire).toEqual({
      responses: { "1": "yes", "2": "no" },
      result: resultForYesCount(3),
      completedAt: null,
    });
    expect(checkoutSessionRequestSchema.safeParse(request).success).toBe(true);
  });

  it("sends no coupon when the field is blank", () => {
    const request = checkoutRequest({
      choice: parsePlanChoice({ plan: "starter" })!,
      origin: "http://x.test",
      cohortId,
      couponCode: "   ",
      userInfo,
      questionnaire: null,
      referral: null,
    });
    expect("couponCode" in request).toBe(false);
  });

  it("has no questionnaire for a visitor who never answered", () => {
    expect(checkoutQuestionnaire([], null)).toBeNull();
  });
});
