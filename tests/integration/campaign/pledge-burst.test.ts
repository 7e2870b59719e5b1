import { beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/campaign/pledges/route";
import { publicWriteAdmission } from "@/server/env";
import { suiteSql } from "../../fixtures/db";
import { jobsSettled } from "../../fixtures/jobs";
import { campaignPost, freshAddress } from "./campaign-request";
import { confirmLatest } from "./confirm-submission";

// A campaign's peak hour: far more pledges at once than the process admits. Every one is answered
// at once, either taken in (202) or turned away as busy (503 with Retry-After) having done nothing;
// visitors who send again when told are all taken in, each exactly once.

const sql = suiteSql();

type Visitor = { name: string; email: string; address: string };
type Answer = { status: number; retryAfter: string | null; code: string | null };

const sendPledge = async ({ name, email, address }: Visitor): Promise<Answer> => {
  const response = await POST(campaignPost("/api/campaign/pledges", { name, email }, address));
  const body = (await response.json()) as { code?: string };
  return { status: response.status, retryAfter: response.headers.get("retry-after"), code: body.code ?? null };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every answer is an acceptance or a busy refusal with a whole number of seconds to wait. */
function expectAcceptedOrBusy(answers: Answer[]) {
  for (const answer of answers) {
    if (answer.status === 202) continue;
    expect(answer).toMatchObject({ status: 503, code: "busy" });
    expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
  }
}

beforeEach(async () => {
  await sql`delete from campaign_pledges`;
  await sql`delete from address_confirmations`;
});

describe("a burst of pledges beyond the admission bound", () => {
  it(
    "answers every one at once, accepted or busy, and after the busy ones come back every pledge is kept exactly once",
    { timeout: 180_000 },
    async () => {
      const { maxConcurrent, maxQueued } = publicWriteAdmission();
      const bound = maxConcurrent + maxQueued;
      const run = Date.now().toString(36);
      const visitors: Visitor[] = Array.from({ length: bound * 3 }, (_, i) => ({
        name: `Peak ${i}`,
        email: `peak-${run}-${i}@example.com`,
        address: freshAddress(),
      }));

      // All at once: more than run and wait together.
      const first = await Promise.all(visitors.map(sendPledge));
      expectAcceptedOrBusy(first);
      const busyFirst = first.filter((a) => a.status === 503).length;
      expect(busyFirst).toBeGreaterThanOrEqual(visitors.length - bound);

      // The turned-away come back after Retry-After, each with jitter as the drawer does, until all are in.
      let pending = visitors.flatMap((visitor, i) =>
        first[i]!.status === 503 ? [{ visitor, retryAfter: Number(first[i]!.retryAfter) }] : [],
      );
      let rounds = 0;
      const answersAfterRetry: Answer[] = [];
      while (pending.length > 0) {
        rounds += 1;
        expect(rounds, "visitors still turned away after 20 rounds").toBeLessThanOrEqual(20);
        const answers = await Promise.all(
          pending.map(async ({ visitor, retryAfter }) => {
            await sleep(retryAfter * 1000 * (1 + 0.5 * Math.random()));
            return sendPledge(visitor);
          }),
        );
        answersAfterRetry.push(...answers);
        expectAcceptedOrBusy(answers);
        pending = pending.flatMap((entry, i) =>
          answers[i]!.status === 503 ? [{ visitor: entry.visitor, retryAfter: Number(answers[i]!.retryAfter) }] : [],
        );
      }
      console.info(
        `pledge burst: ${visitors.length} visitors, bound ${maxConcurrent} running + ${maxQueued} waiting; ${busyFirst} busy at first, all in after ${rounds} round(s) of retries (${answersAfterRetry.length} retries)`,
      );

      // One pending pledge per visitor, none for anyone else, and none twice.
      const rows = await sql<{ email: string; n: number }[]>`
      select email, count(*)::int as n from address_confirmations where purpose = 'pledge' group by email`;
      expect(rows).toHaveLength(visitors.length);
      expect(rows.every((row) => row.n === 1)).toBe(true);
      expect(new Set(rows.map((row) => row.email))).toEqual(new Set(visitors.map((v) => v.email)));

      // A visitor whose answer was lost sends the very same pledge again: answered alike, kept once.
      const again = await Promise.all(visitors.slice(0, 5).map(sendPledge));
      expect(again.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
      const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from address_confirmations where purpose = 'pledge'`;
      expect(n).toBe(visitors.length);

      // Their links number each pledge once.
      for (const visitor of visitors.slice(0, 3)) expect((await confirmLatest(sql, visitor.email)).status).toBe("confirmed");
      const pledges = await sql<{ email: string }[]>`select email from campaign_pledges order by pledge_number`;
      expect(pledges.map((p) => p.email).toSorted()).toEqual(
        visitors
          .slice(0, 3)
          .map((v) => v.email)
          .toSorted(),
      );
      await jobsSettled(sql);
    },
  );
});
