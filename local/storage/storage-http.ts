import type { IncomingMessage, ServerResponse } from "node:http";

// The Storage stand-in's HTTP pieces: its error shape (as Supabase Storage answers), bounded bodies
// and content-type checks.

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: "Bucket" | "Object") =>
  new StorageError(404, "not_found", `${what} not found`, what === "Object" ? "NoSuchKey" : "NoSuchBucket");
export const unauthorized = () => new StorageError(403, "Unauthorized", "new row violates row-level security policy", "AccessDenied");
export const badToken = (message: string) => new StorageError(400, "InvalidJWT", message, "InvalidJWT");

export function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, error: StorageError): void {
  send(res, error.status, {
    statusCode: String(error.status),
    ...(error.code ? { code: error.code } : {}),
    error: error.error,
    message: error.message,
  });
}

export function baseType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith("/*") ? type.startsWith(p.slice(0, -1)) : type === p;
  });
}

/** Reads a request body, giving up (413) as soon as it passes `limit` bytes. */
export async function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) {
      req.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export const tooLarge = () => new StorageError(413, "Payload too large", "The object exceeded the maximum allowed size", "EntityTooLarge");

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readLimited(req, 64 * 1024)).toString("utf8");
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    throw new StorageError(400, "Bad Request", "Body is not valid JSON");
  }
}

/**
 * A single `bytes=` range of a body of `size` bytes (as Storage honours Range on downloads): null
 * for none or one it ignores, "unsatisfiable" when it starts past the end.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    return suffix === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  return end < start ? null : { start, end };
}
