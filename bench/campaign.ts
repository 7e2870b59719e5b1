import { randomBytes } from "node:crypto";
import { burstOf, run as autocannonRun, type Burst } from "./burst";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { pledgeVisitors, type PledgeVisitors } from "./pledge-visitors";
import { benchPledge } from "./pages";

// The campaign's endpoints under load (D6): every request from its own client address so the
// per-address limits stay out of the way, every pledge with its own email so each one is kept and
// sent its confirmation (D18: one a day per inbox, so a repeated email would measure the refusal).

let counter = 0;
const nextAddress = () => {
  counter += 1;
  return `10.${64 + ((counter >> 16) & 63)}.${(counter >> 8) & 255}.${counter & 255}`;
};
const run = Date.now().toString(36);
const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
});

/** How many clients post pledges at once in the short burst: far beyond what one process admits (PUBLIC_WRITE_*). */
export const BURST_CONNECTIONS = 200;
/** How long a visitor still waiting after the short burst may take to get in before counting as lost. */
const VISITOR_GRACE_SECONDS = 60;

/** A pledge from a new address with a new email: kept, and its confirmation email queued. */
export const pledgeRequest = () => ({
  method: "POST" as const,
  ...json({ name: "Bench Pledger", email: `bench-${run}-${counter}@example.com` }),
});

/**
 * A short pledge burst (the campaign's peak in miniature; `--scale` runs the long one, bench/burst.ts):
 * BURST_CONNECTIONS clients, each request a new address and email, for the load's duration. Past the
 * admission bound a pledge is answered 503 busy with Retry-After at once; those answers are counted
 * apart from the time-outs, which admission control is there to end.
 */
export async function pledgeBurstLoad(url: string, opts: LoadOptions): Promise<LoadResult & { burst: Burst }> {
  const burst = burstOf(
    await autocannonRun({
      url,
      connections: BURST_CONNECTIONS,
      duration: opts.durationS,
      timeout: 30,
      requests: [
        {
          setupRequest: (r) => ({ ...r, method: "POST", ...json({ name: "Burst Pledger", email: `burst-${run}-${counter}@example.com` }) }),
        },
      ],
    }),
  );
  const accepted = burst.byStatus["202"] ?? 0;
  const other = burst.requests - accepted - burst.busy;
  return {
    status: accepted > 0 ? 202 : null,
    rps: Math.round((accepted / opts.durationS) * 10) / 10,
    p50Ms: burst.p50Ms,
    p99Ms: burst.p99Ms,
    non2xx: burst.requests - accepted,
    errors: burst.errors,
    note: `${BURST_CONNECTIONS} connections for ${opts.durationS} s; req/s counts pledges taken in (202) only: ${accepted} taken in, ${burst.busy} turned away busy (503/429 with Retry-After), ${other} other answers, ${burst.timeouts} time-outs, ${burst.errors - burst.timeouts} other connection errors`,
    burst,
  };
}

/**
 * The same burst as visitors make it (pledge-visitors.ts): BURST_CONNECTIONS visitors each pledging a
 * new address for the load's duration and, as the drawer does, sending a pledge turned away as busy
 * again after its Retry-After. A client that comes back at once (autocannon, above) measures how fast
 * refusals are made, not how many pledges get in.
 */
async function visitorBurst(url: string, opts: LoadOptions): Promise<LoadResult & { burst: PledgeVisitors }> {
  const burst = await pledgeVisitors(url, {
    visitors: BURST_CONNECTIONS,
    seconds: opts.durationS,
    graceSeconds: VISITOR_GRACE_SECONDS,
    email: (n) => `visitor-${run}-${n}@example.com`,
    address: () => nextAddress(),
  });
  const others = Object.entries(burst.byStatus)
    .filter(([status]) => !["202", "429", "503"].includes(status))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    status: burst.pledged > 0 ? 202 : null,
    rps: burst.perSecond,
    p50Ms: burst.p50Ms,
    p99Ms: burst.p99Ms,
    non2xx: burst.busy + others,
    errors: burst.errors - others,
    note: `${BURST_CONNECTIONS} visitors pledging for ${opts.durationS} s as the drawer does, a busy pledge sent again after Retry-After (req/s is pledges taken in during the load): ${burst.visitors} visitors, ${burst.pledged} taken in (${burst.sendsPerPledge} sends each), ${burst.lost} lost, ${burst.busy} busy answers (503/429), ${others} other answers, ${burst.timeouts} time-outs`,
    burst,
  };
}

export async function loadCampaign(baseUrl: string, databaseUrl: string, opts: LoadOptions): Promise<Record<string, LoadResult>> {
  const url = (path: string) => new URL(path, baseUrl).toString();
  const results: Record<string, LoadResult> = {};
  // A confirmed pledge, so the share card has one to draw.
  const pledgeNumber = await benchPledge(baseUrl, databaseUrl);
  results["POST /api/campaign/pledges"] = await loadTest(
    url("/api/campaign/pledges"),
    opts,
    pledgeRequest,
    "a new email each time: kept under its address's lock, its confirmation email queued in the same transaction (sent by a job, not waited for)",
  );
  results[`POST /api/campaign/pledges (burst, ${BURST_CONNECTIONS} connections sending again at once)`] = await pledgeBurstLoad(
    url("/api/campaign/pledges"),
    opts,
  );
  results[`POST /api/campaign/pledges (burst, ${BURST_CONNECTIONS} visitors waiting Retry-After)`] = await visitorBurst(
    url("/api/campaign/pledges"),
    opts,
  );
  results["POST /api/campaign/confirmations"] = await loadTest(
    url("/api/campaign/confirmations"),
    opts,
    () => ({ method: "POST", ...json({ token: randomBytes(32).toString("base64url") }) }),
    "a random token each: looked up by its hash, confirms nothing",
  );
  results["GET /api/campaign/pledges"] = await loadTest(
    url("/api/campaign/pledges"),
    opts,
    () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }),
    "the pledge count",
  );
  results["GET /api/campaign/pledges/{number}/card"] = await loadTest(
    url(`/api/campaign/pledges/${pledgeNumber}/card`),
    opts,
    () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }),
    "a 1200×630 PNG drawn once per number, then answered from memory",
  );
  results["POST /api/campaign/stories"] = await loadTest(
    url("/api/campaign/stories"),
    opts,
    () => ({
      method: "POST",
      ...json({ type: "text", content: "My CGM showed oatmeal spiking me to 190 every morning. Eggs first fixed it." }),
    }),
    "a text story: kept and turned into a social post (local generator)",
  );
  results["POST /api/campaign/stories/contact"] = await loadTest(
    url("/api/campaign/stories/contact"),
    opts,
    () => ({ method: "POST", ...json({ format: "video", email: `story-${run}-${counter}@example.com` }) }),
    "a new address each: a request to record a video story, kept and its confirmation email queued with it (the team's notice follows confirmation)",
  );
  results["POST /api/campaign/stories/upload"] = await loadTest(
    url("/api/campaign/stories/upload"),
    opts,
    () => ({ method: "POST", ...json({ contentType: "video/webm", size: 20_000, durationSeconds: 150 }) }),
    "a signed upload URL from the Storage stand-in",
  );
  results["POST /api/campaign/partners"] = await loadTest(
    url("/api/campaign/partners"),
    opts,
    () => ({
      method: "POST",
      ...json({
        name: "Bench Partner",
        email: `partner-${run}-${counter}@example.com`,
        orgName: "Bench Clinic",
        orgType: "healthcare",
        region: "europe",
      }),
    }),
    "a new address each: kept and its confirmation email queued with it (the team's notice and the welcome follow confirmation)",
  );
  results["POST /api/campaign/contact"] = await loadTest(
    url("/api/campaign/contact"),
    opts,
    () => ({ method: "POST", ...json({ name: "Bench", email: "bench@example.com", message: "Could we run a screening day?" }) }),
    "kept, team email queued with it",
  );
  results["POST /api/newsletter"] = await loadTest(
    url("/api/newsletter"),
    opts,
    () => ({ method: "POST", ...json({ email: `bench-news-${run}-${counter}@example.com`, source: "campaign" }) }),
    "a newsletter sign-up from a new address each: one upsert and its welcome email queued",
  );
  return results;
}
