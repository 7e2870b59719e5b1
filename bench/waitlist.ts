import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { nextAddress } from "./payments";

// Waitlist under load: joining a full cohort's waitlist (a new address each, so each request
// is kept and its confirmation email queued: D18 sends one a day per inbox, so a repeated address
// would measure the refusal) and using confirmation links (random tokens: looked up by hash, confirm
// nothing). The confirmation and claim pages are among the page renders (pages.ts).

const run = Date.now().toString(36);
let counter = 0;

/** A cohort of the bench's own whose every place is paid for (its counters say so): its waitlist takes addresses. */
export async function benchFullCohort(databaseUrl: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const id = randomUUID();
  try {
    await sql`
      insert into public.cohorts (id, cohort_name, status, start_cohort_date, participant_cap, participant_count, prospective_participant_count)
      values (${id}, 'Benchmark full cohort', 'upcoming', now() + interval '30 days', 1, 1, 1)`;
  } finally {
    await sql.end();
  }
  return id;
}

export async function loadWaitlist(baseUrl: string, databaseUrl: string, opts: LoadOptions): Promise<Record<string, LoadResult>> {
  const cohortId = await benchFullCohort(databaseUrl);
  const json = (body: unknown) => ({
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
  });
  const results: Record<string, LoadResult> = {};
  console.log(`[bench] load POST /api/cohorts/{id}/waitlist and POST /api/waitlist/confirmations`);
  results["POST /api/cohorts/{id}/waitlist"] = await loadTest(
    new URL(`/api/cohorts/${cohortId}/waitlist`, baseUrl).toString(),
    opts,
    () => ({ method: "POST", ...json({ email: `bench-wait-${run}-${(counter += 1)}@example.com` }) }),
    "a new address each on a full cohort: its confirmation kept under the address's lock and its email queued in the same transaction",
  );
  results["POST /api/waitlist/confirmations"] = await loadTest(
    new URL("/api/waitlist/confirmations", baseUrl).toString(),
    opts,
    () => ({ method: "POST", ...json({ token: randomBytes(32).toString("base64url") }) }),
    "a random token each: looked up by its hash, queues nobody",
  );
  return results;
}
