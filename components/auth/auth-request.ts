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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function fieldMessages(details: unknown): Partial<Record<AuthField, string>> {
  const fields: Partial<Record<AuthField, string>> = {};
  if (!Array.isArray(details)) return fields;
  for (const detail of details) {
    if (!isRecord(detail) || typeof detail.message !== "string") continue;
    if ((detail.path === "email" || detail.path === "password") && !fields[detail.path]) {
      fields[detail.path] = detail.message;
    }
  }
  return fields;
}

/**
 * POSTs JSON to one of the /api/auth endpoints. They answer `{ data }` on success and
 * `{ error, code, details? }` on failure; the caller only needs to know which, and why.
 */
export async function authRequest(path: `/api/auth/${string}`, body?: Record<string, unknown>): Promise<AuthRequestResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: body ? { "content-type": "application/json" } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    return { ok: false, status: 0, message: null, fields: {} };
  }
  if (response.ok) return { ok: true };
  const payload: unknown = await response.json().catch(() => null);
  return {
    ok: false,
    status: response.status,
    message: isRecord(payload) && typeof payload.error === "string" ? payload.error : null,
    fields: isRecord(payload) ? fieldMessages(payload.details) : {},
  };
}
