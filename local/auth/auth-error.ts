/** An error the Auth API answers with, in Supabase Auth's (initial API version) shape. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AuthError";
  }

  /** `{ code: <http status>, error_code, msg }` plus any extra fields (e.g. `weak_password`). */
  toJSON(): Record<string, unknown> {
    return { code: this.status, error_code: this.errorCode, msg: this.message, ...this.extra };
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);

export function tooManyRequests(code: string, msg: string, retryAfterSeconds: number): AuthError {
  return new AuthError(429, code, msg, {}, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}
