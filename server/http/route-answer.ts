import "server-only";
import { NextResponse } from "next/server";
import * as z from "zod/mini";

/** The answers whose body the handler makes itself (a picture, a download, a video), by the content type they must carry. */
const OWN_BODY = { image: "image/", csv: "text/csv", video: "video/" } as const;
type OwnBody = keyof typeof OWN_BODY;

/**
 * What a route answers. A zod schema (classic or mini): `{ data }` JSON shaped by it, the shared
 * schema the browser parses with. The answers that are not JSON are named where the route is
 * declared: "image", "csv" and "video" (the handler's own response, with its caching or download headers)
 * and "redirect" (the handler names where to, the wrapper answers 303 See Other).
 */
export type Answer = z.core.$ZodType | OwnBody | "redirect";

/** What a handler returns for its answer: the schema's input shape, its own Response, or the URL to redirect to. */
export type AnswerResult<R extends Answer> = R extends z.core.$ZodType ? z.input<R> : R extends OwnBody ? Response : URL;

/** A cookie's attributes, as Next sets them (path, maxAge, httpOnly, sameSite, ...). */
export type CookieOptions = NonNullable<Extract<Parameters<NextResponse["cookies"]["set"]>, [string, string, unknown?]>[2]>;

/** The cookies a handler sets on its answer (a successful one: an error answer carries none). */
export type ResponseCookieJar = { set(name: string, value: string, options?: CookieOptions): void };

type CookieToSet = { name: string; value: string; options?: CookieOptions };

export function responseCookieJar(): { jar: ResponseCookieJar; written: CookieToSet[] } {
  const written: CookieToSet[] = [];
  return { jar: { set: (name, value, options) => void written.push({ name, value, options }) }, written };
}

type AnswerInit = { status?: number; headers: Record<string, string>; cookies: CookieToSet[] };

function ownBodyAnswer(kind: OwnBody, result: unknown, requestId: string): NextResponse {
  if (!(result instanceof Response)) throw new Error(`A route answering ${kind} must return a Response`);
  const type = result.headers.get("content-type") ?? "";
  if (result.status !== 304 && !type.startsWith(OWN_BODY[kind]))
    throw new Error(`A route answering ${kind} returned ${type || "no content type"}`);
  // The response's own caching and download headers stay; only the request id is added.
  const response = new NextResponse(result.body, result);
  response.headers.set("x-request-id", requestId);
  return response;
}

function redirectAnswer(result: unknown, init: AnswerInit): NextResponse {
  if (!(result instanceof URL)) throw new Error("A redirect route's handler must return a URL");
  const response = NextResponse.redirect(result, init.status ?? 303);
  for (const [name, value] of Object.entries(init.headers)) response.headers.set(name, value);
  return response;
}

/** Compression's own threshold: an answer smaller than this is not worth compressing. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * A JSON answer. Next streams every answer to its compression, which so never learns a body's size
 * and gzips even a 30-byte one (a pledge's answer: most of the CPU its compression took). An answer
 * under COMPRESS_MIN_BYTES says `no-transform` in its Cache-Control, which that compression (and a
 * proxy or CDN) honours by sending it as it is; a larger one is compressed as before.
 */
export function jsonAnswer(body: unknown, init: { status: number; headers?: HeadersInit }): NextResponse {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  if (Buffer.byteLength(text) < COMPRESS_MIN_BYTES) {
    const cacheControl = headers.get("cache-control");
    headers.set("cache-control", cacheControl ? `${cacheControl}, no-transform` : "no-transform");
  }
  return new NextResponse(text, { status: init.status, headers });
}

/** The answer for a handler's result, with the request's headers and the cookies it set. */
export function buildAnswer(answer: Answer, result: unknown, init: AnswerInit & { requestId: string }): Response {
  let response: NextResponse;
  if (answer === "redirect") response = redirectAnswer(result, init);
  else if (typeof answer === "string") response = ownBodyAnswer(answer, result, init.requestId);
  else {
    if (result === undefined) throw new Error("Route handler returned undefined");
    response = jsonAnswer({ data: z.parse(answer, result) }, { status: init.status ?? 200, headers: init.headers });
  }
  for (const { name, value, options } of init.cookies) response.cookies.set(name, value, options);
  return response;
}
