import type { Answer, QuestionnaireResult } from "../questionnaire/questionnaire";
import type { StoredReferral } from "../referrals/referral-capture-rules";
import { CHECKOUT_SESSION_PLACEHOLDER, type CheckoutSessionRequest } from "../payments/checkout-schemas";
import { paymentPath, type PlanChoice } from "./plan-choice";

// SPEC §3 Payment page state and Checkout session request: what POST
// /api/payment/create-checkout-session is sent when the buyer presses pay.
export type CheckoutQuestionnaire = {
  responses: Partial<Record<"1" | "2" | "3" | "4" | "5", "yes" | "no">>;
  result: QuestionnaireResult | null;
  completedAt: string | null;
};

/**
 * The widget's answers and result as checkout takes them, or null when the visitor never answered.
 * The widget does not record when the questionnaire was finished, so completedAt stays null.
 */
export function checkoutQuestionnaire(answers: readonly Answer[], result: QuestionnaireResult | null): CheckoutQuestionnaire | null {
  if (answers.length === 0 && result === null) return null;
  const responses: CheckoutQuestionnaire["responses"] = {};
  for (const { questionId, answer } of answers) responses[String(questionId) as keyof CheckoutQuestionnaire["responses"]] = answer;
  return { responses, result, completedAt: null };
}

export type CheckoutRequestInput = {
  choice: PlanChoice;
  /** The site's own origin (window.location.origin): Stripe may only send the buyer back here. */
  origin: string;
  cohortId: string;
  couponCode?: string;
  /** User info that passed userInfoSchema (the handler parses it again). */
  userInfo: CheckoutSessionRequest["metadata"]["user_info"];
  questionnaire: CheckoutQuestionnaire | null;
  referral: StoredReferral | null;
};

export function checkoutRequest(input: CheckoutRequestInput): CheckoutSessionRequest {
  const { choice, origin, cohortId, referral } = input;
  const couponCode = input.couponCode?.trim();
  return {
    planType: choice.plan.type,
    hasCGM: choice.includeCgm,
    successUrl: `${origin}/payment-success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancelUrl: `${origin}${paymentPath(choice, "pay")}`,
    ...(couponCode ? { couponCode } : {}),
    cohortId,
    ...(referral
      ? {
          referralId: referral.referralId,
          utmSource: referral.utmSource,
          utmMedium: referral.utmMedium,
          utmCampaign: referral.utmCampaign,
          utmTerm: referral.utmTerm,
          utmContent: referral.utmContent,
          referrerUrl: referral.referrerUrl ?? undefined,
        }
      : {}),
    metadata: {
      source: "website",
      plan_name: choice.plan.name,
      user_info: input.userInfo,
      questionnaire: input.questionnaire,
      cohort_id: cohortId,
    },
  };
}
