import "server-only";
import { ApiError } from "../http/api-error";
import { log } from "../log";

// SPEC §7/§8: the default message when the payment provider fails.
export const PAYMENT_SETUP_FAILED = "Payment setup failed. Please try again.";

/** Stripe failed (network, outage, rejected request): logged in full, answered with the spec's message. */
export function paymentProviderError(cause: unknown): ApiError {
  if (cause instanceof ApiError) return cause;
  log.error("Stripe request failed", { error: cause });
  return new ApiError("payment_provider_error", PAYMENT_SETUP_FAILED, { cause });
}
