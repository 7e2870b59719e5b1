import * as z from "zod/mini";
import { isPlausibleReferralCode } from "../referrals/referral-capture-rules";
import { userInfoSchema } from "../enrolment/user-info-schema";
import { waitlistClaimTokenSchema } from "../waitlist/waitlist-schemas";

/** A Stripe Checkout session id as Stripe issues them. */
export const checkoutSessionIdSchema = z.string().check(z.regex(/^cs_(test|live)_[A-Za-z0-9]{10,250}$/, "Not a checkout session id."));

/** The secret a checkout's browser was given when it opened it (256 bits, base64url). */
export const checkoutSessionSecretSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "Not a checkout session secret."));

/** The checkout a payment page opened and may replace, as the page keeps it (sessionStorage). */
export const openCheckoutSchema = z.object({ sessionId: checkoutSessionIdSchema, sessionSecret: checkoutSessionSecretSchema });
export type OpenCheckout = z.infer<typeof openCheckoutSchema>;

/** The placeholder Stripe replaces with the session id in the success URL. */
export const CHECKOUT_SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

/** An optional text field: trimmed, and a blank one is left out. */
const optionalText = (max: number, message?: string, ...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, message), ...checks)),
    z.transform((value) => (value ? value : undefined)),
  );

const answer = z.enum(["yes", "no"]);

/** SPEC §3 Payment page state → questionnaire: responses keyed by question id, result, completedAt. */
export const checkoutQuestionnaireSchema = z.object({
  responses: z.partialRecord(z.enum(["1", "2", "3", "4", "5"]), answer),
  // The result's shape is opaque (SPEC §3); it is kept as given, within a size bound.
  result: z.optional(
    z.unknown().check(z.refine((value) => JSON.stringify(value ?? null).length <= 2000, "The questionnaire result is too large.")),
  ),
  completedAt: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
});

export const COUPON_INVALID_MESSAGE = "This coupon code is not valid.";

export const couponCodeSchema = optionalText(40, COUPON_INVALID_MESSAGE, z.regex(/^[A-Za-z0-9-]*$/, COUPON_INVALID_MESSAGE));

/**
 * SPEC §3 Checkout session request, as POST /api/payment/create-checkout-session accepts it. The
 * client maps the plan badge to planType (SPEC §5); the server accepts only the three plan types.
 * successUrl and cancelUrl are checked against the site's own origin by the handler.
 */
export const checkoutSessionRequestSchema = z
  .object({
    planType: z.enum(["starter", "popular", "premium"], { error: "Choose one of the plans: starter, popular or premium." }),
    hasCGM: z.boolean({ error: "hasCGM must be true or false." }),
    successUrl: z.url({ protocol: /^https?$/, error: "successUrl must be an absolute URL." }).check(
      z.maxLength(2048),
      z.refine((url) => url.includes(CHECKOUT_SESSION_PLACEHOLDER), `successUrl must contain ${CHECKOUT_SESSION_PLACEHOLDER}.`),
    ),
    cancelUrl: z.url({ protocol: /^https?$/, error: "cancelUrl must be an absolute URL." }).check(z.maxLength(2048)),
    couponCode: couponCodeSchema,
    cohortId: z.uuid({ error: "Choose a cohort." }),
    referralId: z
      .pipe(
        z.optional(z.string().check(z.trim())),
        z.transform((value) => (value ? value : undefined)),
      )
      .check(z.refine((value) => value === undefined || isPlausibleReferralCode(value), "This referral code is not valid.")),
    utmSource: optionalText(100),
    utmMedium: optionalText(100),
    utmCampaign: optionalText(100),
    utmTerm: optionalText(100),
    utmContent: optionalText(100),
    referrerUrl: optionalText(2048),
    // The buyer's earlier checkout from this page (they came back from Stripe): its seat is given
    // back, when the secret it was opened with comes along (or the same member is signed in).
    previousSessionId: z.optional(checkoutSessionIdSchema),
    previousSessionSecret: z.optional(checkoutSessionSecretSchema),
    // D17: the claim link of a waitlist offer for this cohort; the checkout pays for the seat held for it.
    waitlistClaimToken: z.optional(waitlistClaimTokenSchema),
    metadata: z.object(
      {
        source: optionalText(60),
        plan_name: optionalText(60),
        user_info: userInfoSchema,
        questionnaire: z.optional(z.nullable(checkoutQuestionnaireSchema)),
        cohort_id: z.optional(z.uuid()),
      },
      { error: "metadata with user_info is required." },
    ),
  })
  .check(
    z.refine((request) => request.metadata.cohort_id === undefined || request.metadata.cohort_id === request.cohortId, {
      message: "metadata.cohort_id must match cohortId.",
      path: ["metadata", "cohort_id"],
    }),
  );

export type CheckoutSessionRequest = z.input<typeof checkoutSessionRequestSchema>;
export type ParsedCheckoutSessionRequest = z.output<typeof checkoutSessionRequestSchema>;

/**
 * POST /api/payment/create-checkout-session answers the Stripe Checkout page to go to. Only a web
 * address may become the next page: never `javascript:` or the like.
 */
/** `sessionSecret` stays with the browser that opened the checkout: it is what lets that browser replace it. */
export const checkoutSessionCreatedSchema = z.object({
  sessionUrl: z.url({ protocol: /^https?$/ }),
  sessionId: z.string(),
  sessionSecret: checkoutSessionSecretSchema,
});

export type CheckoutSessionCreated = z.output<typeof checkoutSessionCreatedSchema>;
