import "server-only";
import { apiErrorEnvelopeSchema, type ApiErrorEnvelope, type ErrorDetail } from "@/lib/api/api-error-envelope";
import { jsonAnswer } from "./route-answer";

// DESIGN §3: one error type, one envelope. Codes map to HTTP statuses here and nowhere else.
export const statusByCode = {
  bad_request: 400,
  invalid_json: 400,
  invalid_signature: 400,
  invalid_link: 400,
  invalid_credentials: 400,
  email_not_confirmed: 400,
  unauthorized: 401,
  invalid_token: 401,
  forbidden: 403,
  fresh_sign_in_required: 403,
  origin_mismatch: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  cohort_full: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  unprocessable: 422,
  weak_password: 422,
  rate_limited: 429,
  internal: 500,
  payment_provider_error: 502,
  unavailable: 503,
  // Turned away before doing anything (admission control): send the same request again after Retry-After.
  busy: 503,
} as const;

export type ApiErrorCode = keyof typeof statusByCode;

export type { ErrorDetail };

/** The error body (lib/api/api-error-envelope.ts) with one of the codes above. */
export type ErrorEnvelope = ApiErrorEnvelope & { code: ApiErrorCode };

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const GENERIC_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";
export const NO_TOKEN_MESSAGE = "No authentication token available";
/** D17: the one answer under /api/operator to anyone but an operator. */
export const OPERATORS_ONLY_MESSAGE = "This is for operators only.";
/** D17: a money action asked of an operator who has not entered their password in the last 10 minutes. */
export const FRESH_SIGN_IN_REQUIRED_MESSAGE = "Confirm it's you: enter your password again to make money changes.";

/**
 * Builds the JSON error response for an ApiError. `withMessage` repeats the message as `message`
 * for the callers the spec says read that field (the verify-email call).
 */
export function errorResponse(error: ApiError, headers: HeadersInit = {}, withMessage = false): Response {
  const body: ErrorEnvelope = { error: error.message, code: error.code };
  if (error.details?.length) body.details = error.details;
  if (withMessage) body.message = error.message;
  const responseHeaders = new Headers(headers);
  for (const [key, value] of Object.entries(error.headers ?? {})) responseHeaders.set(key, value);
  return jsonAnswer(apiErrorEnvelopeSchema.parse(body), { status: error.status, headers: responseHeaders });
}
