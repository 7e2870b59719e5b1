import { apiRequest } from "@/components/api/api-request";
import { NO_CHECKOUT_URL, PAYMENT_FAILED_DEFAULT, PAYMENT_SETUP_FAILED } from "@/lib/enrolment/enrolment-messages";
import { checkoutSessionCreatedSchema, type CheckoutSessionCreated, type CheckoutSessionRequest } from "@/lib/payments/checkout-schemas";

/**
 * POST /api/payment/create-checkout-session (SPEC §7): holds a seat and opens Stripe Checkout, with
 * the Bearer token when signed in. Throws the server's message (default 'Payment setup failed.
 * Please try again.'), or 'No checkout URL received' when the answer has no web address to go to.
 */
export function createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSessionCreated> {
  return apiRequest({
    method: "POST",
    path: "/api/payment/create-checkout-session",
    body: request,
    auth: "optional",
    schema: checkoutSessionCreatedSchema,
    fallback: PAYMENT_SETUP_FAILED,
    unreachable: PAYMENT_FAILED_DEFAULT,
    malformed: NO_CHECKOUT_URL,
  });
}
