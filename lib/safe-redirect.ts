// Redirect targets from the address bar (redirect, next, redirect_to) are only ever paths on this
// site. Anything else falls back, so a crafted link can never send someone to another origin.
const BASE = "http://same-origin.invalid";

export function safeRedirectPath(value: string | null | undefined, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  // Only a single leading slash: "//host" and "/\host" are protocol-relative in browsers.
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters and backslashes can be normalised into something else by browsers.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
