// SPEC §8: a failed backend call throws the server's `error` field, else the raw text, else a
// default. The envelope's code, status and field details travel along for callers that need them.
export type ApiErrorDetail = { path: string; message: string };

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function readDetails(value: unknown): ApiErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((d: unknown) =>
    isRecord(d) && typeof d.path === "string" && typeof d.message === "string" ? [{ path: d.path, message: d.message }] : [],
  );
}

/** The error a failed response stands for. */
export async function apiRequestError(response: Response, fallback: string): Promise<ApiRequestError> {
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the raw text is the message.
  }
  if (isRecord(body)) {
    const serverMessage = typeof body.error === "string" && body.error.trim() ? body.error : null;
    return new ApiRequestError(serverMessage ?? fallback, response.status, {
      code: typeof body.code === "string" ? body.code : null,
      details: readDetails(body.details),
      fromServer: serverMessage !== null,
    });
  }
  // A proxy's HTML error page or a long dump is no message for a person.
  const raw = text.trim();
  const readable = raw && raw.length <= 300 && !raw.startsWith("<") ? raw : fallback;
  return new ApiRequestError(readable, response.status);
}
