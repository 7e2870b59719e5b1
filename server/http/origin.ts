import "server-only";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/**
 * A cookie-authenticated write must come from one of our own pages: the Origin header has to
 * match an allowed origin, or, when a browser sends no Origin, Sec-Fetch-Site must say same-origin.
 */
export function isSameOriginRequest(request: Request, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(request.url).origin, ...allowedOrigins]);
    return allowed.has(origin);
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}
