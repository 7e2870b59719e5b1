// Redirect targets from the address bar (redirect, next, redirect_to) are only ever paths on this
// site. Anything else falls back, so a crafted link can never send someone to another origin.
const BASE = "http://same-origin.invalid";
// Control characters and backslashes can be normalised into something else by browsers.
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** The path as a browser would resolve it (dot segments collapsed), or null when that leaves the site. */
function normalisedSitePath(value: string): string | null {
  // Only a single leading slash: "//host" and "/\host" are protocol-relative in browsers.
  if (!value.startsWith("/") || value.startsWith("//") || UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  // Checked after resolving: "/.//evil.example" and "/a/..//evil.example" collapse to "//evil.example".
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Percent-decoded until nothing changes (a few layers at most), or null when it cannot be decoded. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let layer = 0; layer < 3; layer++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return null;
}

export function safeRedirectPath(value: string | null | undefined, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  const path = normalisedSitePath(value);
  if (path === null) return fallback;
  // Whoever decodes the target once more ("/%2e//x", "/%2F%2Fx", "/%5Cx") must still land on this site.
  for (const candidate of [value, path]) {
    const decoded = fullyDecoded(candidate);
    if (decoded === null || normalisedSitePath(decoded) === null) return fallback;
  }
  return path;
}
