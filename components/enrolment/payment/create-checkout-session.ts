import { ApiRequestError, apiRequestError } from "@/components/query/api-error";
import { NO_CHECKOUT_URL, PAYMENT_FAILED_DEFAULT, PAYMENT_SETUP_FAILED } from "@/lib/enrolment/enrolment-messages";
import { openCheckoutSchema, type CheckoutSessionRequest, type OpenCheckout } from "@/lib/schemas/checkout";

/** `open` is what the page keeps to replace this checkout if the buyer comes back and starts again. */
export type CheckoutSession = { sessionUrl: string; open: OpenCheckout | null };
export type CreateCheckoutSessionInput = { request: CheckoutSessionRequest; accessToken: string | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Only a web address may become the next page: never `javascript:` or the like. */
function webUrl(value: unknown): string | null {
  if (typeof value !== "string" || !value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/payment/create-checkout-session (SPEC §7): holds a seat and opens Stripe Checkout.
 * Throws the server's message (default 'Payment setup failed. Please try again.'), or 'No checkout
 * URL received' when the answer has no sessionUrl.
 */
export async function createCheckoutSession({ request, accessToken }: CreateCheckoutSessionInput): Promise<CheckoutSession> {
  let response: Response;
  try {
    response = await fetch("/api/payment/create-checkout-session", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(request),
    });
  } catch {
    throw new ApiRequestError(PAYMENT_FAILED_DEFAULT, 0);
  }
  if (!response.ok) throw await apiRequestError(response, PAYMENT_SETUP_FAILED);
  const body: unknown = await response.json().catch(() => null);
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const sessionUrl = webUrl(data.sessionUrl);
  if (!sessionUrl) throw new ApiRequestError(NO_CHECKOUT_URL, response.status);
  const open = openCheckoutSchema.safeParse({ sessionId: data.sessionId, sessionSecret: data.sessionSecret });
  return { sessionUrl, open: open.success ? open.data : null };
}
