import type { IncomingMessage, ServerResponse } from "node:http";
import { StripeError } from "./stripe-error";

const MAX_BODY = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY) throw new StripeError(413, "invalid_request_error", "Request body too large.");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A JSON object body (the test control API); an empty body is `{}`. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StripeError(400, "invalid_request_error", "The request body is not valid JSON.");
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new StripeError(400, "invalid_request_error", "The request body must be a JSON object.");
  }
  return Object.fromEntries(Object.entries(value));
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const BASE_HEADERS = { "cache-control": "no-cache, no-store", "x-content-type-options": "nosniff" };

/** JSON as Stripe sends it: pretty-printed with two spaces. */
export function sendJsonText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, "content-type": "application/json", ...headers });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  sendJsonText(res, status, JSON.stringify(value, null, 2), headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...BASE_HEADERS,
    "content-type": "text/html; charset=utf-8",
    // No scripts, no external anything: the page is a plain form.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    "referrer-policy": "same-origin",
    ...headers,
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string, status = 303, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, location, ...headers });
  res.end();
}
