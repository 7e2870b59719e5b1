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
