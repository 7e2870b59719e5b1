// The name @supabase/ssr gives the session cookie: sb-<first label of the project host>-auth-token,
// split into .0, .1 ... when long. Used only as a hint for navigation (which link to show); every
// protected page and API call verifies the session itself.
export function sessionCookieName(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}

export function hasSessionCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(";").some((part) => {
    const cookieName = part.split("=")[0]?.trim() ?? "";
    const value = part.slice(part.indexOf("=") + 1).trim();
    return value !== "" && (cookieName === name || /^\.\d+$/.test(cookieName.slice(name.length)) && cookieName.startsWith(name));
  });
}

/** The session cookie's attributes: Secure whenever the site is served over https (production must be). */
export function sessionCookieOptions(siteUrl: string): { path: string; sameSite: "lax"; secure: boolean } {
  return { path: "/", sameSite: "lax", secure: new URL(siteUrl).protocol === "https:" };
}
