import "server-only";
import { NextResponse } from "next/server";
import type { z } from "zod";

/**
 * What a route answers. A zod schema: `{ data }` JSON shaped by it (the shared schema the browser
 * parses with). The two that are not JSON are named where the route is declared: "image" (the
 * handler's own image response, with its caching headers) and "redirect" (the handler names where
 * to, the wrapper answers 303 See Other).
 */
export type Answer = z.ZodType | "image" | "redirect";

/** What a handler returns for its answer: the schema's input shape, an image Response, or the URL to redirect to. */
export type AnswerResult<R extends Answer> = R extends z.ZodType ? z.input<R> : R extends "image" ? Response : URL;

export type CookieOptions = {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "lax" | "strict" | "none";
  path?: string;
  maxAge?: number;
};

/** The cookies a handler sets on its answer (a successful one: an error answer carries none). */
export type ResponseCookieJar = { set(name: string, value: string, options?: CookieOptions): void };

type CookieToSet = { name: string; value: string; options?: CookieOptions };

export function responseCookieJar(): { jar: ResponseCookieJar; written: CookieToSet[] } {
  const written: CookieToSet[] = [];
  return { jar: { set: (name, value, options) => void written.push({ name, value, options }) }, written };
}

type AnswerInit = { status?: number; headers: Record<string, string>; cookies: CookieToSet[] };

function imageAnswer(result: unknown, requestId: string): NextResponse {
  if (!(result instanceof Response)) throw new Error("An image route's handler must return a Response");
  // The image's own caching headers stay; only the request id is added.
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

/** The answer for a handler's result, with the request's headers and the cookies it set. */
export function buildAnswer(answer: Answer, result: unknown, init: AnswerInit & { requestId: string }): Response {
  let response: NextResponse;
  if (answer === "image") response = imageAnswer(result, init.requestId);
  else if (answer === "redirect") response = redirectAnswer(result, init);
  else {
    if (result === undefined) throw new Error("Route handler returned undefined");
    response = NextResponse.json({ data: answer.parse(result) }, { status: init.status ?? 200, headers: init.headers });
  }
  for (const { name, value, options } of init.cookies) response.cookies.set(name, value, options);
  return response;
}
