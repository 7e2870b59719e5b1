import { loadAuthRoutes, loadMemberRoutes } from "./accounts";
import { loadCampaign } from "./campaign";
import { loadCoachBot } from "./coach-bot";
import { loadDashboard } from "./dashboard";
import { measureFront, type ProductionLayout } from "./front";
import { CHECKOUT, DASHBOARD_RENDER, PING_WIDE, WEBHOOK, WIDE } from "./goals";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { loadOperatorArea, type BenchOperator } from "./operator";
import { benchPledge, loadPageRenders } from "./pages";
import { measureProgramme, programmeResults } from "./programme";
import { benchCheckoutSession, benchCohort, loadCheckoutSessions, loadWebhook, nextAddress } from "./payments";
import { benchAffiliateCode, benchMemberToken, type AuthEnv, loadLeads, loadMemberGet, loadVisits } from "./referrals";
import { loadSocialPosts, type BenchPost } from "./social-posts";
import { loadSafetyClearance } from "./safety-clearance";
import { loadWebVitals } from "./vitals";
import { loadWaitlist } from "./waitlist";

// Every API route and the server render of the pages Lighthouse does not run, under load, in one pass.

export interface ApiContext {
  baseUrl: string;
  databaseUrl: string;
  /** The app's environment (.env with the stack's moved URLs). */
  env: Record<string, string | undefined>;
  auth: AuthEnv;
  /** A signed-in bench member's session cookies. */
  cookie: string;
  /** A bench member made an operator: their token and session cookies. */
  operator: BenchOperator;
  posts: BenchPost[];
  /** Seed the operator's campaign pages with a million pledges (not in a --scale run: its seed does). */
  operatorPledges?: number;
  /** The production layout's web processes and the cache in front of them (on PostgreSQL). */
  layout?: ProductionLayout;
}

/** The dashboard's affiliate calls: link and stats for one member, and visits through their link first. */
async function loadReferrals(baseUrl: string, auth: AuthEnv, opts: LoadOptions): Promise<Record<string, LoadResult>> {
  const token = await benchMemberToken(auth);
  const code = await benchAffiliateCode(baseUrl, token);
  const api: Record<string, LoadResult> = {};
  console.log(
    `[bench] load POST /api/referral/visit, GET /api/referral/get_affiliate_link, POST /api/referral/lead, GET /api/referral/stats and GET /api/referral/funnel`,
  );
  api["POST /api/referral/visit"] = await loadVisits(baseUrl, code, opts);
  api["GET /api/referral/get_affiliate_link"] = await loadMemberGet(
    baseUrl,
    "/api/referral/get_affiliate_link",
    token,
    opts,
    "signed-in member; token checked against the JWKS",
  );
  api["POST /api/referral/lead"] = await loadLeads(baseUrl, token, opts);
  api["GET /api/referral/stats"] = await loadMemberGet(
    baseUrl,
    "/api/referral/stats",
    token,
    opts,
    "the member's stats after the visit load (every visit counted)",
  );
  api["GET /api/referral/funnel?days=90"] = await loadMemberGet(
    baseUrl,
    "/api/referral/funnel?days=90",
    token,
    opts,
    "the dashboard chart's 90 days after the visit load",
  );
  return api;
}

/** A cohort the seed made (the list's first), else one of the bench's own. */
async function publicCohortId(baseUrl: string, databaseUrl: string): Promise<string> {
  const response = await fetch(new URL("/api/cohorts?language=en", baseUrl));
  const body = (await response.json().catch(() => ({}))) as { data?: { id?: string }[] | { cohorts?: { id?: string }[] } };
  const list = Array.isArray(body.data) ? body.data : (body.data?.cohorts ?? []);
  return list[0]?.id ?? (await benchCohort(databaseUrl));
}

/** The public reads side by side with the trivial handler at 50 connections: they should keep up with /api/ping. */
async function loadPublicReads(baseUrl: string, cohortId: string, opts: LoadOptions): Promise<Record<string, LoadResult>> {
  const wide = { ...opts, connections: 50 };
  const reads: [string, string][] = [
    [PING_WIDE, "/api/ping"],
    [`GET /api/cohorts?language=en${WIDE}`, "/api/cohorts?language=en"],
    [`GET /api/cohorts/{id}${WIDE}`, `/api/cohorts/${cohortId}`],
    [`GET /api/campaign/pledges${WIDE}`, "/api/campaign/pledges"],
    [`GET /api/campaign/stories${WIDE}`, "/api/campaign/stories"],
    [`GET /api/config${WIDE}`, "/api/config"],
    [`GET /api/health${WIDE}`, "/api/health"],
    [`GET /api/health/live${WIDE}`, "/api/health/live"],
    [`GET /api/health/ready${WIDE}`, "/api/health/ready"],
    [`GET /api/health/jobs${WIDE}`, "/api/health/jobs"],
  ];
  const api: Record<string, LoadResult> = {};
  for (const [name, path] of reads) {
    console.log(`[bench] load ${name} (${wide.durationS} s)`);
    // A new client address each, as many visitors are (the pledge count is limited per address).
    api[name] = await loadTest(
      new URL(path, baseUrl).toString(),
      wide,
      () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }),
      "50 connections",
    );
  }
  return api;
}

/** A group of loads that could not be set up is recorded as failed (its routes then show as unmeasured); the run goes on. */
async function group(name: string, api: Record<string, LoadResult>, loads: () => Promise<Record<string, LoadResult>>): Promise<void> {
  try {
    Object.assign(api, await loads());
  } catch (err) {
    const cause = err instanceof Error && err.cause ? ` (${String(err.cause)})` : "";
    const message = `${err instanceof Error ? err.message : String(err)}${cause}`;
    console.log(`[bench]   ${name} failed: ${message}`);
    api[`${name} (failed)`] = { status: null, rps: null, p99Ms: null, note: `could not be loaded: ${message}` };
  }
}

/** The groups of loads, in the order a run measures them: `--only=` names some of them. */
export const LOAD_GROUPS = [
  "public reads",
  "checkout",
  "webhook",
  "coach bot",
  "referrals",
  "social posts",
  "campaign",
  "waitlist",
  "safety clearance",
  "member routes",
  "auth routes",
  "page renders",
  "operator area",
  "dashboard",
  "vitals",
  "front",
  "programme",
] as const;
export type LoadGroup = (typeof LOAD_GROUPS)[number];

/** The /api/ping baseline, then every group of loads (or those `only` names). */
export async function loadEverything(ctx: ApiContext, opts: LoadOptions, only?: readonly LoadGroup[]): Promise<Record<string, LoadResult>> {
  const { baseUrl, databaseUrl, env, auth } = ctx;
  const api: Record<string, LoadResult> = {};
  const each = `${opts.connections} connections, ${opts.durationS} s`;
  console.log(`[bench] load GET /api/ping (${each})`);
  api["GET /api/ping"] = await loadTest(
    new URL("/api/ping", baseUrl).toString(),
    opts,
    undefined,
    "the trivial handler: the baseline at 10 connections",
  );
  const site = env.NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000";
  const one = (name: string, load: () => Promise<LoadResult>) => async () => {
    console.log(`[bench] load ${name} (${each})`);
    return { [name]: await load() };
  };
  const groups: Record<LoadGroup, () => Promise<Record<string, LoadResult>>> = {
    "public reads": async () => loadPublicReads(baseUrl, await publicCohortId(baseUrl, databaseUrl), opts),
    checkout: one(CHECKOUT, () => loadCheckoutSessions(baseUrl, site, databaseUrl, opts)),
    webhook: one(WEBHOOK, () => loadWebhook(baseUrl, env.STRIPE_WEBHOOK_SECRET ?? "", opts)),
    "coach bot": () => loadCoachBot(baseUrl, databaseUrl, env, opts),
    referrals: () => loadReferrals(baseUrl, auth, opts),
    "social posts": () => loadSocialPosts(baseUrl, databaseUrl, ctx.posts, opts),
    campaign: () => loadCampaign(baseUrl, databaseUrl, opts),
    waitlist: () => loadWaitlist(baseUrl, databaseUrl, opts),
    "safety clearance": () => loadSafetyClearance(baseUrl, opts),
    // The member routes sign their member in first: before the sign-in load spends the Auth stand-in's
    // per-address budget for password sign-ins.
    "member routes": async () => loadMemberRoutes(baseUrl, auth, await benchCohort(databaseUrl), ctx.operator.token, opts),
    "auth routes": () => loadAuthRoutes(baseUrl, auth, env.TELEGRAM_BOT_TOKEN ?? "", opts),
    "page renders": async () => {
      const renderContext = {
        pledgeNumber: await benchPledge(baseUrl, databaseUrl),
        checkoutSessionId: await benchCheckoutSession(baseUrl, site, databaseUrl),
      };
      return loadPageRenders(baseUrl, renderContext, opts);
    },
    "operator area": () => loadOperatorArea(baseUrl, databaseUrl, ctx.operator, opts, ctx.operatorPledges),
    dashboard: one(DASHBOARD_RENDER, () => loadDashboard(baseUrl, ctx.cookie, opts)),
    vitals: one("POST /api/vitals", () => loadWebVitals(baseUrl, opts)),
    front: () => measureFront(ctx.layout, { databaseUrl, auth, cookie: ctx.cookie }, opts),
    // Last: it adds 10,000 members and their morning's messages to the database.
    programme: async () =>
      programmeResults(await measureProgramme(baseUrl, databaseUrl, env.TELEGRAM_API_URL ?? "http://localhost:54330", opts)),
  };
  for (const name of LOAD_GROUPS) {
    if (!only || only.includes(name)) await group(name, api, groups[name]);
  }
  return api;
}
