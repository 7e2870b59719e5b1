import "server-only";
import { isAuthApiError, type AuthError } from "@supabase/supabase-js";
import { ApiError, type ApiErrorCode } from "../http/api-error";
import { log } from "../log";

const PASSED_THROUGH: Partial<Record<string, ApiErrorCode>> = {
  invalid_credentials: "invalid_credentials",
  email_not_confirmed: "email_not_confirmed",
  weak_password: "weak_password",
  validation_failed: "validation_failed",
  over_request_rate_limit: "rate_limited",
  over_email_send_rate_limit: "rate_limited",
};

/**
 * SPEC §8: the auth service's error goes back to the caller unchanged where it is about the
 * caller's input; anything else (the service down, a bug) becomes a generic 503 and is logged.
 */
export function toApiError(error: AuthError, action: string): ApiError {
  const code = error.code ? PASSED_THROUGH[error.code] : undefined;
  if (isAuthApiError(error) && code) return new ApiError(code, error.message);
  log.error(`Auth service failed during ${action}`, { error, status: error.status, code: error.code });
  return new ApiError("unavailable", "Sign-in is unavailable right now. Please try again in a moment.");
}
