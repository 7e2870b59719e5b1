import { firstParam, nextPathParam, type SearchParams } from "@/lib/search-params";

// step, mobile and qr go back into the dashboard's address, so only short plain tokens pass.
const HANDOFF_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_CODE_LENGTH = 1024;

export type CallbackParams = {
  /** The one-time code to exchange for a session; null when the link carries none. */
  code: string | null;
  /** What the auth service reported instead of a code (error_description, else error). */
  error: string | null;
  /** A path on this site to finish on (default /dashboard). */
  next: string;
  /** verify=true: complete the pending email verification. */
  verify: boolean;
  /** SPEC §2: with step, mobile and qr all set, the dashboard continues where the phone left off. */
  handoffPath: string | null;
};

function handoffPath(params: SearchParams): string | null {
  const step = firstParam(params, "step");
  const mobile = firstParam(params, "mobile");
  const qr = firstParam(params, "qr");
  if (step === undefined || mobile === undefined || qr === undefined) return null;
  if (![step, mobile, qr].every((value) => HANDOFF_TOKEN.test(value))) return null;
  return `/dashboard?${new URLSearchParams({ step, mobile, qr })}`;
}

/** Reads /auth/callback's query (code, next, step, mobile, qr, verify, error, error_description). */
export function parseCallbackParams(params: SearchParams): CallbackParams {
  const code = firstParam(params, "code")?.trim() ?? "";
  const error = firstParam(params, "error_description") || firstParam(params, "error") || null;
  return {
    code: code !== "" && code.length <= MAX_CODE_LENGTH ? code : null,
    error,
    next: nextPathParam(params, "/dashboard"),
    verify: firstParam(params, "verify") === "true",
    handoffPath: handoffPath(params),
  };
}
