import * as z from "zod/mini";
import { apiErrorEnvelopeSchema, type ErrorDetail } from "@/lib/api/api-error-envelope";

// SPEC §8: a failed backend call throws the server's `error` field, else the raw text, else a
// default. The envelope's code, status and field details travel along for callers that need them.
export type ApiErrorDetail = ErrorDetail;

type ApiRequestErrorOptions = {
  code?: string | null;
  details?: ApiErrorDetail[];
  /** Whether the message is the server's own `error` text (not its raw text, nor a default). */
  fromServer?: boolean;
  cause?: unknown;
};

export class ApiRequestError extends Error {
  /** The answer's HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly code: string | null;
  readonly details: ApiErrorDetail[];
  readonly fromServer: boolean;

  constructor(message: string, status: number, { code = null, details = [], fromServer = false, cause }: ApiRequestErrorOptions = {}) {
    super(message, { cause });
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.details = details;
    this.fromServer = fromServer;
  }
}

// The envelope read field by field: the product's server always sends all of it, but a body from
// something in between (a gateway's JSON with only `error`) still gives what it has, and a
// malformed `details` list is dropped without losing the server's message.
const { shape } = apiErrorEnvelopeSchema;
const errorBodySchema = z.object({
  error: z.catch(z.optional(shape.error), undefined),
  code: z.catch(z.optional(shape.code), undefined),
  details: z.catch(shape.details, undefined),
});

/** The body as JSON, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The raw text as a message: not when it is JSON (a document is no sentence), a proxy's HTML error
 * page, or a long dump.
 */
function readableText(text: string, json: unknown): string | null {
  const raw = text.trim();
  if (!raw || json !== undefined || raw.length > 300 || raw.startsWith("<")) return null;
  return raw;
}

/** The error a failed response stands for: the envelope's `error`, else the raw text, else `fallback`. */
export async function apiRequestError(response: Response, fallback: string): Promise<ApiRequestError> {
  const text = await response.text().catch(() => "");
  const json = parseJson(text);
  const body = errorBodySchema.safeParse(json);
  const { error, code = null, details = [] } = body.success ? body.data : {};
  if (error?.trim()) return new ApiRequestError(error, response.status, { code, details, fromServer: true });
  return new ApiRequestError(readableText(text, json) ?? fallback, response.status, { code, details });
}
