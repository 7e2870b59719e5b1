import { z } from "zod";

const ENDPOINT = "/api/auth/verify-email";

/** What the set-up link carries: the opaque token and the address it was sent to. */
export type VerificationLink = { token: string; email: string };

const validatedSchema = z.object({ data: z.object({ valid: z.literal(true), email: z.string().min(1), hasAccount: z.boolean() }) });
const completedSchema = z.object({ data: z.object({ verified: z.literal(true), email: z.string().min(1) }) });
const failureSchema = z.object({ message: z.string().optional(), error: z.string().optional(), code: z.string().optional() });

export type VerifyEmailFailure = {
  ok: false;
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  code: string | null;
  /** The server's `message` (SPEC §7: errors read message), else its `error`, else null. */
  message: string | null;
};

export type VerifyEmailResult<T> = { ok: true; data: T } | VerifyEmailFailure;

async function post<T>(body: Record<string, string>, schema: z.ZodType<{ data: T }>): Promise<VerifyEmailResult<T>> {
  let response: Response;
  try {
    // SPEC §6: the verify-email call sends no token.
    response = await fetch(ENDPOINT, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: null, message: null };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = schema.safeParse(payload);
    return parsed.success ? { ok: true, data: parsed.data.data } : { ok: false, status: response.status, code: null, message: null };
  }
  const failure = failureSchema.safeParse(payload);
  const fields = failure.success ? failure.data : {};
  return { ok: false, status: response.status, code: fields.code ?? null, message: fields.message || fields.error || null };
}

/** action 'validate': is the link usable, and does its address already have an account? */
export function validateVerificationLink(link: VerificationLink) {
  return post({ action: "validate", token: link.token, email: link.email }, validatedSchema);
}

/** action 'complete' for a new account: the server creates it, confirmed, with this password and the link's purchase. */
export function completeWithPassword(link: VerificationLink, password: string) {
  return post({ action: "complete", token: link.token, email: link.email, password }, completedSchema);
}

/** action 'complete' for the confirmed account `authId` just signed in to: attach the link's purchase to it. */
export function completeVerification(link: VerificationLink, authId: string) {
  return post({ action: "complete", token: link.token, email: link.email, authId }, completedSchema);
}

/** The server turned the link itself down (unknown, used, expired, another address or malformed). */
export function isRejectedLink(failure: VerifyEmailFailure): boolean {
  return failure.status === 400 || failure.status === 422;
}
