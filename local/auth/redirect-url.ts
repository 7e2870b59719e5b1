/** redirect_to when it is on the site's origin, else the site URL (Supabase's allow-list fallback). */
export function allowedRedirect(siteUrl: string, candidate: string | null | undefined): string {
  if (!candidate) return siteUrl;
  try {
    const url = new URL(candidate);
    return url.origin === new URL(siteUrl).origin ? url.toString() : siteUrl;
  } catch {
    return siteUrl;
  }
}

export function withQuery(target: string, values: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
  return url.toString();
}

export function withFragment(target: string, values: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(values).toString();
  return url.toString();
}
