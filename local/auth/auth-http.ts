import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import { AuthError, badRequest } from "./auth-error";

export type JsonBody = Record<string, unknown>;
const MAX_BODY = 1024 * 1024;

async function readRaw(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY) throw new AuthError(413, "request_too_large", "Request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The JSON object body; an empty body is `{}`. Anything else answers 400 `bad_json`, as Supabase does. */
export async function readJsonBody(req: IncomingMessage): Promise<JsonBody> {
  const text = await readRaw(req);
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest("bad_json", `Could not parse request body as JSON: ${error instanceof Error ? error.message : "invalid JSON"}`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw badRequest("bad_json", "Could not parse request body as JSON: expected an object");
  }
  return value as JsonBody;
}

/** An HTML form body (application/x-www-form-urlencoded). */
export async function readFormBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readRaw(req));
}

/** A string field; a present field of another type is a 400, like a failed unmarshal in Supabase. */
export function stringField(body: JsonBody, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw badRequest("bad_json", `Could not parse request body as JSON: field ${key} must be a string`);
  }
  return value;
}

export function objectField(body: JsonBody, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw badRequest("bad_json", `Could not parse request body as JSON: field ${key} must be an object`);
  }
  return value as Record<string, unknown>;
}

export function booleanField(body: JsonBody, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw badRequest("bad_json", `Could not parse request body as JSON: field ${key} must be a boolean`);
  return value;
}

const BASE_HEADERS = { "cache-control": "no-store", "x-content-type-options": "nosniff" };

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(value));
}

export function sendError(res: ServerResponse, error: AuthError): void {
  sendJson(res, error.status, error.toJSON(), { "x-sb-error-code": error.errorCode, ...error.headers });
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    ...BASE_HEADERS,
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string, status = 303): void {
  res.writeHead(status, { ...BASE_HEADERS, location });
  res.end();
}

/**
 * The address a request came from: the socket's. Nothing stands in front of the stand-in, so an
 * X-Forwarded-For a client sends itself is not believed (Supabase's gateway sets its own).
 */
export function socketAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * The first Sb-Forwarded-For value when it is an IP address, as GoTrue parses it (net.ParseIP, then
 * its canonical form); anything else is ignored.
 */
export function sbForwardedFor(req: IncomingMessage): string | undefined {
  const header = req.headers["sb-forwarded-for"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim() ?? "";
  if (isIP(first) === 4) return first;
  return isIP(first) === 6 ? new URL(`http://[${first}]`).hostname.slice(1, -1) : undefined;
}
