import type { IncomingMessage, ServerResponse } from "node:http";

// The stand-in's HTTP plumbing: request bodies, Bot API parameters and answers.

const MAX_BODY = 64 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function parseParams(body: string, contentType: string | undefined, query: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(query);
  if (!body) return params;
  if (contentType?.includes("application/json")) {
    const json: unknown = JSON.parse(body);
    return json && typeof json === "object" ? { ...params, ...(json as Record<string, unknown>) } : params;
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
}

export function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers }).end(body);
}
