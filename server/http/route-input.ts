import "server-only";
import * as z from "zod/mini";
import { ApiError, type ErrorDetail } from "./api-error";
import { readJsonBody, DEFAULT_MAX_BODY_BYTES } from "./read-json-body";
import { assertStorableText } from "./storable-text";

// A request's address, query and JSON body as route() reads them, each parsed with the route's zod schema (422 when it does not fit).

// The API speaks English in its 422 details, whichever zod build the schemas come from.
z.config(z.locales.en());

export function zodDetails(error: z.core.$ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join(".") || "(root)", message: issue.message }));
}

function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    throw new ApiError("validation_failed", `The ${what} is not valid.`, { details: zodDetails(result.error) });
  }
  return result.data;
}

/** Input as read, once it holds no string that cannot be stored as text (a NUL from `%00`, say). */
function storable<T>(value: T, what: string): T {
  assertStorableText(value, what);
  return value;
}

/** The address's parameters and the query, each parsed with its schema when the route has one. */
export function parseAddressAndQuery(
  request: Request,
  rawParams: Record<string, string | string[] | undefined>,
  schemas: { params?: z.core.$ZodType; query?: z.core.$ZodType },
): { params: unknown; query: unknown } {
  const params = schemas.params ? parseWith(schemas.params, storable(rawParams, "address"), "address") : rawParams;
  const url = new URL(request.url);
  const query = schemas.query ? parseWith(schemas.query, storable(Object.fromEntries(url.searchParams), "query"), "query") : undefined;
  return { params, query };
}

/** The JSON body (at most `maxBodyBytes`, 16 KiB unless set) parsed with the route's schema; nothing is read without one. */
export async function parseBody(request: Request, schema: z.core.$ZodType | undefined, maxBodyBytes?: number): Promise<unknown> {
  if (!schema) return undefined;
  const json = await readJsonBody(request, maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  return parseWith(schema, json, "request body");
}
