import "server-only";
import { ApiError } from "./api-error";
import { assertStorableText } from "./storable-text";

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const mediaType = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

function tooLarge(limit: number): ApiError {
  return new ApiError("payload_too_large", `The request body is larger than ${limit} bytes.`);
}

/** Reads a request body as text without ever holding more than `limit` bytes of it. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);

  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        // The client went away mid-body (a page closed while its keepalive request was sent).
        throw new ApiError("bad_request", "The request body could not be read.");
      });
      if (done) break;
      received += value.byteLength;
      if (received > limit) {
        await reader.cancel();
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a JSON request body without ever holding more than `limit` bytes of it; strings that cannot be stored as text are a 422. */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new ApiError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  const text = await readBodyText(request, limit);
  if (text.trim() === "") throw new ApiError("invalid_json", "The request body is empty; expected JSON.");
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid JSON.");
  }
  assertStorableText(json, "request body");
  return json;
}
