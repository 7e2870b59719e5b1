import { randomBytes } from "node:crypto";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
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
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "content-type": "application/json", "x-real-ip": nextAddress() } });

export async function loadCampaign(baseUrl: string, databaseUrl: string, opts: LoadOptions): Promise<Record<string, LoadResult>> {
  const url = (path: string) => new URL(path, baseUrl).toString();
  const results: Record<string, LoadResult> = {};
  // A confirmed pledge, so the share card has one to draw.
  const pledgeNumber = await benchPledge(baseUrl, databaseUrl);
  results["POST /api/campaign/pledges"] = await loadTest(
    url("/api/campaign/pledges"),
    opts,
    () => ({ method: "POST", ...json({ name: "Bench Pledger", email: `bench-${run}-${counter}@example.com` }) }),
    "a new email each time: kept under its address's lock, its confirmation email queued in the same transaction (sent by a job, not waited for)",
  );
  results["POST /api/campaign/confirmations"] = await loadTest(
    url("/api/campaign/confirmations"),
    opts,
    () => ({ method: "POST", ...json({ token: randomBytes(32).toString("base64url") }) }),
    "a random token each: looked up by its hash, confirms nothing",
  );
  results["GET /api/campaign/pledges"] = await loadTest(url("/api/campaign/pledges"), opts, () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }), "the pledge count");
  results["GET /api/campaign/pledges/{number}/card"] = await loadTest(
    url(`/api/campaign/pledges/${pledgeNumber}/card`),
    opts,
    () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }),
    "a 1200×630 PNG drawn once per number, then answered from memory",
  );
  results["POST /api/campaign/stories"] = await loadTest(
    url("/api/campaign/stories"),
    opts,
    () => ({ method: "POST", ...json({ type: "text", content: "My CGM showed oatmeal spiking me to 190 every morning. Eggs first fixed it." }) }),
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
    () => ({ method: "POST", ...json({ name: "Bench Partner", email: `partner-${run}-${counter}@example.com`, orgName: "Bench Clinic", orgType: "healthcare", region: "europe" }) }),
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
