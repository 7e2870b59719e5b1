import type * as z from "zod/mini";
import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { verificationCompletedSchema, verificationLinkValidSchema } from "@/lib/auth/verify-email-schemas";

const ENDPOINT = "/api/auth/verify-email";

/** What the set-up link carries: the opaque token and the address it was sent to. */
export type VerificationLink = { token: string; email: string };

export type VerifyEmailFailure = {
  ok: false;
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  code: string | null;
  /** The server's message (SPEC §7: errors read message; the route repeats its `error` there), else null. */
  message: string | null;
};

export type VerifyEmailResult<T> = { ok: true; data: T } | VerifyEmailFailure;

async function post<S extends z.ZodMiniType>(body: Record<string, string>, schema: S): Promise<VerifyEmailResult<z.output<S>>> {
  try {
    // SPEC §6: the verify-email call sends no token.
    return { ok: true, data: await apiRequest({ method: "POST", path: ENDPOINT, body, schema }) };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { ok: false, status: error.status, code: error.code, message: error.fromServer ? error.message : null };
  }
}

/** action 'validate': is the link usable, and does its address already have an account? */
export function validateVerificationLink(link: VerificationLink) {
  return post({ action: "validate", token: link.token, email: link.email }, verificationLinkValidSchema);
}

/** action 'complete' for a new account: the server creates it, confirmed, with this password and the link's purchase. */
export function completeWithPassword(link: VerificationLink, password: string) {
  return post({ action: "complete", token: link.token, email: link.email, password }, verificationCompletedSchema);
}

/** action 'complete' for the confirmed account `authId` just signed in to: attach the link's purchase to it. */
export function completeVerification(link: VerificationLink, authId: string) {
  return post({ action: "complete", token: link.token, email: link.email, authId }, verificationCompletedSchema);
}

/** The server turned the link itself down (unknown, used, expired, another address or malformed). */
export function isRejectedLink(failure: VerifyEmailFailure): boolean {
  return failure.status === 400 || failure.status === 422;
}
