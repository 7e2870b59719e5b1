import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { emailLinkSentSchema, signUpStartedSchema, signedInSchema, signedOutSchema } from "@/lib/auth/auth-schemas";

export type AuthField = "email" | "password";

export type AuthRequestResult =
  | { ok: true }
  | {
      ok: false;
      /** HTTP status, or 0 when the request never got an answer. */
      status: number;
      /** The server's message (`error` of the envelope), or null when there was none. */
      message: string | null;
      /** Field messages from a 422's details. */
      fields: Partial<Record<AuthField, string>>;
    };

/** What each /api/auth endpoint answers inside `{ data }`. */
const authAnswers = {
  "/api/auth/sign-in": signedInSchema,
  "/api/auth/sign-up": signUpStartedSchema,
  "/api/auth/sign-in-link": emailLinkSentSchema,
  "/api/auth/forgot-password": emailLinkSentSchema,
  "/api/auth/sign-out": signedOutSchema,
};

export type AuthPath = keyof typeof authAnswers;

function fieldMessages(error: ApiRequestError): Partial<Record<AuthField, string>> {
  const fields: Partial<Record<AuthField, string>> = {};
  for (const detail of error.details) {
    if ((detail.path === "email" || detail.path === "password") && !fields[detail.path]) fields[detail.path] = detail.message;
  }
  return fields;
}

/**
 * POSTs JSON to one of the /api/auth endpoints. They answer `{ data }` on success and
 * `{ error, code, details? }` on failure; the caller only needs to know which, and why.
 */
export async function authRequest(path: AuthPath, body?: Record<string, unknown>): Promise<AuthRequestResult> {
  try {
    await apiRequest({ method: "POST", path, body, schema: authAnswers[path] });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { ok: false, status: error.status, message: error.fromServer ? error.message : null, fields: fieldMessages(error) };
  }
}
