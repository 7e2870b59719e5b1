import { createHash, randomBytes } from "node:crypto";
import postgres from "postgres";
import { measureScripts, type JsSummary } from "./js";
import { measureLighthouse, type LighthouseSummary, type LhrOutput } from "./lighthouse";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { nextAddress } from "./payments";

// The product's pages: Lighthouse (mobile) with their JavaScript weight, and the server render under
// load of the pages a visitor only reaches from an email, a payment or a share (no Lighthouse runs).

export interface PageReport {
  status: number | null;
  lighthouse: LighthouseSummary;
  js: JsSummary;
}

/** Every page a visitor can open from the site's navigation, measured with Lighthouse by default. */
export const DEFAULT_PAGES = [
  "/",
  "/how-it-works",
  "/our-team",
  "/career",
  "/privacy",
  "/terms",
  "/auth",
  "/test-bird",
  "/edit-post",
  "/magic",
  "/million-glucose-campaign",
  "/become-partner",
  // The page a campaign confirmation email links to (without a token it says the link is not valid;
  // the page's code and layout are the same either way).
  "/magic/confirm",
  "/dashboard",
  // The operator area's home page and its cohort list, with an operator's session (D17).
  "/operator",
  "/operator/cohorts",
  "/operator/programme",
];

/** What a page needs to render its real content rather than a redirect or an error. */
export interface PageContext {
  /** A social post's edit link (/edit-post without one only sends the visitor home). */
  editPost: { id: string; token: string };
  /** The session cookies of a signed-in bench member (/dashboard). */
  cookie: string;
  /** The session cookies of a bench operator (/operator pages). */
  operatorCookie: string;
}

async function statusOf(url: string, headers?: Record<string, string>): Promise<number | null> {
  try {
    const response = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

/** `runs` Lighthouse runs of one page (the dashboard signed in, the operator area as an operator, /edit-post through its link). */
export async function measurePage(
  baseUrl: string,
  page: string,
  runs: number,
  output: LhrOutput,
  context?: PageContext,
): Promise<PageReport> {
  const target = page === "/edit-post" && context ? `/edit-post?post=${context.editPost.id}&token=${context.editPost.token}` : page;
  const cookie = !context
    ? undefined
    : page === "/dashboard"
      ? context.cookie
      : page.startsWith("/operator")
        ? context.operatorCookie
        : undefined;
  const url = new URL(target, baseUrl).toString();
  console.log(`[bench] ${page}`);
  const status = await statusOf(url, cookie ? { cookie } : undefined);
  if (status !== 200) console.log(`[bench]   warning: GET ${page} answered ${status ?? "nothing"}`);
  const { summary, scriptUrls } = await measureLighthouse(url, runs, { ...output, name: output.name ?? page }, cookie);
  return { status, lighthouse: summary, js: await measureScripts(scriptUrls) };
}

/** What the server-render loads need: a pledge the bench made and a checkout session it opened. */
export interface RenderContext {
  pledgeNumber: number;
  checkoutSessionId: string;
}

/**
 * A pledge of the bench's own, confirmed (D18): POST /api/campaign/pledges, then its confirmation
 * link used through POST /api/campaign/confirmations. The link's token is only in the email, so the
 * bench gives the confirmation a token of its own (its hash, in the database) and uses that.
 * Its number, for /magic/pledge/{n} and the share card.
 */
export async function benchPledge(baseUrl: string, databaseUrl: string): Promise<number> {
  const email = `bench-page-${Date.now()}-${randomBytes(4).toString("hex")}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, baseUrl), {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
    });
  const asked = await post("/api/campaign/pledges", { name: "Bench Page Pledger", email });
  if (asked.status !== 202) throw new Error(`POST /api/campaign/pledges answered ${asked.status}`);
  const token = randomBytes(32).toString("base64url");
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`update public.address_confirmations set token_hash = ${createHash("sha256").update(token).digest("hex")} where email = ${email}`;
  } finally {
    await sql.end();
  }
  const confirmed = await post("/api/campaign/confirmations", { token });
  const body = (await confirmed.json()) as { data?: { pledge?: { pledgeNumber?: number } | null } };
  if (!body.data?.pledge?.pledgeNumber) throw new Error(`POST /api/campaign/confirmations answered ${confirmed.status}`);
  return body.data.pledge.pledgeNumber;
}

/**
 * GET of the remaining pages under load (10 connections, like /dashboard's): each with the query that
 * makes it render its content. Keys are "GET <page>" so the coverage check finds them.
 */
export async function loadPageRenders(baseUrl: string, context: RenderContext, opts: LoadOptions): Promise<Record<string, LoadResult>> {
  const setupToken = randomBytes(32).toString("base64url");
  const plan = "plan=popular&cgm=true";
  const pages: [string, string, string][] = [
    ["/auth/callback", "/auth/callback?code=bench-unknown-code&next=/dashboard", "the page's shell; the browser exchanges the code"],
    ["/auth-callback", "/auth-callback?code=bench-unknown-code&next=/dashboard", "the older address of /auth/callback"],
    ["/auth/reset-password", "/auth/reset-password", "the new-password form (the recovery session is the browser's)"],
    ["/verify", `/verify?token=${setupToken}&email=bench@example.com`, "a set-up link's page; the browser checks the link"],
    ["/verify-email", `/verify-email?token=${setupToken}&email=bench@example.com`, "the other address of /verify"],
    ["/user-info", `/user-info?${plan}`, "step 1 of enrolment for a plan"],
    ["/payment", `/payment?${plan}`, "steps 2 and 3 of enrolment for a plan"],
    [
      "/payment-success",
      `/payment-success?session_id=${context.checkoutSessionId}`,
      "an open checkout session the bench made: read from the Stripe stand-in (not paid, so 'processing')",
    ],
    ["/telegram-widget-test", "/telegram-widget-test", "the login widget page"],
    ["/waitlist/confirm", `/waitlist/confirm?token=${setupToken}`, "a waitlist confirmation link's page; the button confirms"],
    [
      "/waitlist/claim",
      `/waitlist/claim?token=${setupToken}`,
      "a claim link's page: the offer looked up by the token's hash (none: 'not valid')",
    ],
    [
      "/announcements/unsubscribe",
      `/announcements/unsubscribe?email=bench@example.com&token=${setupToken}`,
      "an announcement's unsubscribe link's page; the button unsubscribes",
    ],
    ["/safety-clearance", "/safety-clearance", "a clearance link's page opened without its token: the 'not valid' state"],
    [
      "/safety-clearance?token=",
      `/safety-clearance?token=${setupToken}&email=bench@example.com`,
      "a clearance link's page: the name and go-ahead form (opening it records nothing; the button confirms)",
    ],
    [`/magic/pledge/${context.pledgeNumber}`, `/magic/pledge/${context.pledgeNumber}`, "a pledge the bench made: its shared page"],
  ];
  const results: Record<string, LoadResult> = {};
  for (const [name, path, note] of pages) {
    const key = `GET ${name.startsWith("/magic/pledge/") ? "/magic/pledge/{number}" : name}`;
    console.log(`[bench] load ${key} (${opts.connections} connections, ${opts.durationS} s)`);
    results[key] = await loadTest(
      new URL(path, baseUrl).toString(),
      opts,
      () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }),
      `server render: ${note}`,
    );
  }
  return results;
}
