export type StripeErrorType = "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";

const DOCS = "https://stripe.com/docs/error-codes";

/** An error the API answers with, in Stripe's `{ error: { type, code, message, param, ... } }` shape. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, string> = {},
    /** Raised while reading parameters, before the endpoint ran: never stored against an idempotency key (Stripe's rule). */
    readonly validation = false,
  ) {
    super(message);
    this.name = "StripeError";
  }

  toJSON(requestId: string): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.code && this.type !== "idempotency_error") error.doc_url = `${DOCS}/${this.code.replaceAll("_", "-")}`;
    if (this.param) error.param = this.param;
    Object.assign(error, this.extra);
    error.request_log_url = `https://dashboard.stripe.com/test/logs/${requestId}`;
    return { error };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeError(400, "invalid_request_error", message, code, param);

/** A malformed or missing parameter (400, raised before anything changed). */
export const invalidParam = (param: string, message: string, code?: string) =>
  new StripeError(400, "invalid_request_error", message, code, param, {}, true);

export const missingParam = (param: string) => invalidParam(param, `Missing required param: ${param}.`, "parameter_missing");

export const unknownParam = (param: string) => invalidParam(param, `Received unknown parameter: ${param}`, "parameter_unknown");

/** 404 for a path id ("No such customer: 'cus_x'", param `id`); 400 when the id came in a body parameter. */
export function noSuch(objectName: string, id: string, param = "id"): StripeError {
  const status = param === "id" ? 404 : 400;
  return new StripeError(status, "invalid_request_error", `No such ${objectName}: '${id}'`, "resource_missing", param);
}

export function cardError(code: string, message: string, declineCode?: string): StripeError {
  return new StripeError(402, "card_error", message, code, undefined, declineCode ? { decline_code: declineCode } : {});
}

export function unrecognizedUrl(method: string, pathname: string): StripeError {
  return new StripeError(
    404,
    "invalid_request_error",
    `Unrecognized request URL (${method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}
