import "server-only";
import { PAYMENT_SETUP_FAILED } from "@/lib/enrolment/enrolment-messages";
import { ApiError } from "../http/api-error";
import { log } from "../log";

/** Stripe failed (network, outage, rejected request): logged in full, answered with the spec's message. */
export function paymentProviderError(cause: unknown): ApiError {
  if (cause instanceof ApiError) return cause;
  log.error("Stripe request failed", { error: cause });
  return new ApiError("payment_provider_error", PAYMENT_SETUP_FAILED, { cause });
}
