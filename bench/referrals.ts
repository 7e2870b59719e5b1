import { randomUUID } from "node:crypto";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { nextAddress } from "./payments";

// The dashboard's affiliate calls under load: a signed-in member's link and stats (Bearer token),
// and the visit a landing page reports for `?via=CODE`, each from a new visitor and address.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export type AuthEnv = { authUrl: string; anonKey: string; serviceRoleKey: string };

async function auth(env: AuthEnv, path: string, key: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${env.authUrl}/auth/v1${path}`, {
    method: "POST",
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`auth ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A confirmed member of the bench's own, made through the Auth stand-in's admin API. */
export async function createBenchMember(env: AuthEnv): Promise<{ email: string; password: string }> {
  const email = `bench.${randomUUID().slice(0, 8)}@example.com`;
  const password = "a-long-enough-bench-password";
  await auth(env, "/admin/users", env.serviceRoleKey, { email, password, email_confirm: true });
  return { email, password };
}

/** A confirmed member of the bench's own, signed in: their address, password and access token. */
export async function benchMember(env: AuthEnv): Promise<{ email: string; password: string; token: string }> {
  const { email, password } = await createBenchMember(env);
  const session = await auth(env, "/token?grant_type=password", env.anonKey, { email, password });
  return { email, password, token: String(session.access_token) };
}

/** A confirmed member of the bench's own, signed in: their access token. */
export async function benchMemberToken(env: AuthEnv): Promise<string> {
  return (await benchMember(env)).token;
}

/** The member's affiliate code (the first call also makes their Stripe promotion code). */
export async function benchAffiliateCode(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(new URL("/api/referral/get_affiliate_link", baseUrl), { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data?: { link?: string } };
  const code = body.data?.link ? new URL(body.data.link).searchParams.get("via") : null;
  if (!code) throw new Error(`get_affiliate_link answered ${response.status}`);
  return code;
}

export function loadMemberGet(baseUrl: string, path: string, token: string, opts: LoadOptions, note: string): Promise<LoadResult> {
  return loadTest(new URL(path, baseUrl).toString(), opts, () => ({ method: "GET", headers: { authorization: `Bearer ${token}` } }), note);
}

/** POST /api/referral/lead: the dashboard's report on load, from a new address each (no visitor cookie, so nothing to record). */
export function loadLeads(baseUrl: string, token: string, opts: LoadOptions): Promise<LoadResult> {
  return loadTest(
    new URL("/api/referral/lead", baseUrl).toString(),
    opts,
    () => ({ method: "POST", headers: { authorization: `Bearer ${token}`, "x-real-ip": nextAddress() } }),
    "signed-in member without a referral cookie: token check and the lead lookup",
  );
}

/** POST /api/referral/visit: each request a new visitor (no cookie) from a new address, so each one is counted. */
export function loadVisits(baseUrl: string, code: string, opts: LoadOptions): Promise<LoadResult> {
  const body = JSON.stringify({ via: code });
  return loadTest(
    new URL("/api/referral/visit", baseUrl).toString(),
    opts,
    () => ({ method: "POST", body, headers: { "content-type": "application/json", "user-agent": BROWSER, "x-real-ip": nextAddress() } }),
    "a new visitor each: affiliate lookup, one insert, a cookie",
  );
}
