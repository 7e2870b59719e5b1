import * as z from "zod/mini";

// DESIGN §3: every failed API answer has one body, `{ error, code, details?, message? }`. The
// server builds it with this schema (server/http/api-error.ts, proxy.ts) and the browser reads it
// with the same one (components/api/api-request-error.ts).

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const apiErrorEnvelopeSchema = z.object({
  /** The message for a person (SPEC §8: the browser shows it as the call's error). */
  error: z.string(),
  /** What went wrong, for code to act on (server/http/api-error.ts maps each to its status). */
  code: z.string(),
  /** Which input fields were refused and why (a 422's zod issues). */
  details: z.optional(z.array(errorDetailSchema)),
  /** The message again, for the callers the spec says read that field (the verify-email call). */
  message: z.optional(z.string()),
});
export type ApiErrorEnvelope = z.infer<typeof apiErrorEnvelopeSchema>;

/**
 * The busy answer's body: 503 `busy` with Retry-After, said by the app's admission control
 * (server/http/admission.ts) and by a proxy in front that sheds pledges before they reach the app
 * (bench/nginx.ts, docs/deploy.md). Nothing was done, so the same request may be sent again as it is.
 */
export const BUSY_MESSAGE = "We're busy right now and did not take this in. Please try again in a few seconds.";
export const busyEnvelope = (): ApiErrorEnvelope => ({ error: BUSY_MESSAGE, code: "busy" });
