import { randomBytes } from "node:crypto";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { SAFETY_SCREEN_VERSION } from "../lib/questionnaire/safety-screen";
import { nextAddress } from "./payments";

// The safety screen's clearance link under load: a visitor who answered 'yes' asking to be emailed
// the link (a new address each, so each request is kept and its email queued: an inbox gets one a
// day, so a repeated address would measure the refusal) and links used (random tokens: looked up by
// hash, clear nobody). The page the link opens is among the page renders (pages.ts).

const run = Date.now().toString(36);
let counter = 0;

export async function loadSafetyClearance(baseUrl: string, opts: LoadOptions): Promise<Record<string, LoadResult>> {
  const json = (body: unknown) => ({
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
  });
  const safetyScreen = { version: SAFETY_SCREEN_VERSION, type1DiabetesOrInsulin: "yes", pregnancy: "no", eatingDisorderHistory: "no" };
  const results: Record<string, LoadResult> = {};
  console.log(`[bench] load POST /api/safety-clearances and POST /api/safety-clearances/confirmations`);
  results["POST /api/safety-clearances"] = await loadTest(
    new URL("/api/safety-clearances", baseUrl).toString(),
    opts,
    () => ({ method: "POST", ...json({ email: `bench-clear-${run}-${(counter += 1)}@example.com`, safetyScreen }) }),
    "a new address each, one 'yes': the request kept under the inbox's lock and its link email queued in the same transaction",
  );
  results["POST /api/safety-clearances/confirmations"] = await loadTest(
    new URL("/api/safety-clearances/confirmations", baseUrl).toString(),
    opts,
    () => ({
      method: "POST",
      ...json({ token: randomBytes(32).toString("base64url"), email: "bench@example.com", name: "Bench", clearedByDoctor: true }),
    }),
    "a random token each: looked up by its hash, clears nobody (the 'invalid' answer)",
  );
  return results;
}
