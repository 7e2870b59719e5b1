import { describe, expect, it } from "vitest";
import { checkoutSessionRequestSchema } from "@/lib/payments/checkout-schemas";
import { TERMS_REQUIRED_MESSAGE, userInfoSchema } from "@/lib/enrolment/user-info-schema";
import { noToAll } from "../enrolment/safety-screen-fixture";

const cohortId = "0c0a0000-0000-4000-8000-000000000001";
const userInfo = {
  cgmExperience: "no",
  dietaryRestrictions: "",
  medicalConditions: " none ",
  agreeToTerms: true,
  termsVersion: "2025-07-31",
  termsAcceptedAt: "2026-11-21T09:00:00.000Z",
  safetyScreen: noToAll,
};
const valid = {
  planType: "popular",
  hasCGM: true,
  successUrl: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://localhost:3000/payment",
  cohortId,
  metadata: { source: "website", plan_name: "Popular", user_info: userInfo, questionnaire: null, cohort_id: cohortId },
};

const issues = (input: unknown) => {
  const result = checkoutSessionRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("checkout session request (SPEC §3)", () => {
  it("accepts the spec's request and trims the optional notes away when blank", () => {
    const parsed = checkoutSessionRequestSchema.parse({ ...valid, couponCode: "", referralId: " ", utmSource: "newsletter" });
    expect(parsed.couponCode).toBeUndefined();
    expect(parsed.referralId).toBeUndefined();
    expect(parsed.utmSource).toBe("newsletter");
    expect(parsed.metadata.user_info.dietaryRestrictions).toBeUndefined();
    expect(parsed.metadata.user_info.medicalConditions).toBe("none");
  });

  it("rejects an unknown plan type (the badge mapping happens in the browser)", () => {
    expect(issues({ ...valid, planType: "Most Popular" })).toEqual(["planType: Choose one of the plans: starter, popular or premium."]);
  });

  it("needs a success URL with the session placeholder", () => {
    expect(issues({ ...valid, successUrl: "http://localhost:3000/payment-success" })).toEqual([
      "successUrl: successUrl must contain {CHECKOUT_SESSION_ID}.",
    ]);
  });

  it("rejects a cohort id that is not a uuid, and a metadata cohort that differs", () => {
    expect(issues({ ...valid, cohortId: "1; drop table cohorts" })[0]).toMatch(/^cohortId: /);
    expect(issues({ ...valid, metadata: { ...valid.metadata, cohort_id: "0c0a0000-0000-4000-8000-000000000002" } })).toEqual([
      "metadata.cohort_id: metadata.cohort_id must match cohortId.",
    ]);
  });

  it("rejects coupon codes with characters Stripe never issues", () => {
    expect(issues({ ...valid, couponCode: "SAVE 10%" })).toEqual(["couponCode: This coupon code is not valid."]);
  });

  it("needs the terms agreed in their current version (SPEC §5)", () => {
    expect(issues({ ...valid, metadata: { ...valid.metadata, user_info: { ...userInfo, agreeToTerms: false } } })).toEqual([
      `metadata.user_info.agreeToTerms: ${TERMS_REQUIRED_MESSAGE}`,
    ]);
    expect(issues({ ...valid, metadata: { ...valid.metadata, user_info: { ...userInfo, termsVersion: "2024-01-01" } } })).toHaveLength(1);
    expect(issues({ ...valid, metadata: undefined })).toEqual(["metadata: metadata with user_info is required."]);
  });

  it("keeps cgmExperience optional but only yes or no", () => {
    const withoutExperience = { ...userInfo, cgmExperience: undefined };
    expect(userInfoSchema.safeParse(withoutExperience).success).toBe(true);
    expect(userInfoSchema.safeParse({ ...userInfo, cgmExperience: "maybe" }).success).toBe(false);
  });

  it("bounds the questionnaire result", () => {
    const questionnaire = { responses: { "1": "yes", "5": "no" }, result: { blob: "x".repeat(3000) }, completedAt: null };
    expect(issues({ ...valid, metadata: { ...valid.metadata, questionnaire } })).toEqual([
      "metadata.questionnaire.result: The questionnaire result is too large.",
    ]);
    expect(issues({ ...valid, metadata: { ...valid.metadata, questionnaire: { ...questionnaire, result: { title: "x" } } } })).toEqual([]);
  });
});
