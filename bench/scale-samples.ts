import { loadDashboard, sessionCookie } from "./dashboard";
import type { LoadOptions, LoadResult } from "./load";
import { loadMemberGet, type AuthEnv } from "./referrals";
import type { ScaleSamples } from "./scale-seed";

// --scale: the member routes whose cost grows with one member's own rows, loaded again as the
// seed's heaviest members. Each is compared with its route on the empty database (the bench's own
// member, with a handful of rows): "<route> [as <who>]".

async function tokenOf(env: AuthEnv, email: string, password: string): Promise<string> {
  const response = await fetch(`${env.authUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: env.anonKey, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return body.access_token;
}

export async function loadScaleSamples(
  baseUrl: string,
  env: AuthEnv,
  samples: ScaleSamples,
  opts: LoadOptions,
): Promise<Record<string, LoadResult>> {
  const results: Record<string, LoadResult> = {};
  const busiest = samples.busiestAffiliate;
  const who = `the busiest affiliate (${busiest.visitors.toLocaleString("en-US")} visitors)`;
  console.log(`[bench] load the affiliate dashboard's calls and /dashboard as ${who}`);
  const token = await tokenOf(env, busiest.email, samples.password);
  results["GET /api/referral/stats [as the busiest affiliate]"] = await loadMemberGet(
    baseUrl,
    "/api/referral/stats",
    token,
    opts,
    `${who}: stats from the per-affiliate counters`,
  );
  results["GET /api/referral/funnel?days=90 [as the busiest affiliate]"] = await loadMemberGet(
    baseUrl,
    "/api/referral/funnel?days=90",
    token,
    opts,
    `${who}: the chart's 90 days`,
  );
  const cookie = await sessionCookie(env, { email: busiest.email, password: samples.password });
  results["GET /dashboard (signed in) [as the busiest affiliate]"] = await loadDashboard(baseUrl, cookie, opts);
  const member = samples.member;
  console.log("[bench] load GET /api/users/me/bot-setup and /dashboard as a paying member");
  const memberToken = await tokenOf(env, member.email, samples.password);
  results["GET /api/users/me/bot-setup [as a paying member]"] = await loadMemberGet(
    baseUrl,
    "/api/users/me/bot-setup",
    memberToken,
    opts,
    "a member with a paid order, a seat and a subscription",
  );
  results["GET /dashboard (signed in) [as a paying member]"] = await loadDashboard(
    baseUrl,
    await sessionCookie(env, { email: member.email, password: samples.password }),
    opts,
  );
  return results;
}
