import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as removalRoute } from "@/app/api/operator/waitlist/[id]/removal/route";
import { db } from "@/server/db/client";
import { offerFreePlaces } from "@/server/waitlist/offer-free-places";
import { cohortWaitlistPage } from "@/server/operator/waitlist";
import { suiteSql } from "../../fixtures/db";
import { auditEntriesOf, signedInOperator } from "../../fixtures/operators";
import { operatorCall } from "../../fixtures/operator-orders";
import { signedInMember } from "../../fixtures/payments";
import { fullCohort, queueOf, uniqueEmail, waitlisted } from "../waitlist/waitlist-calls";

// An operator takes a waiting entry off a cohort's waitlist, saying why: audited, shown on the
// cohort's waitlist with the reason, and the entry is passed over by the next offer. An entry that
// holds an offer, or is done with, is not removed.
const sql = suiteSql();
const operator = await signedInOperator("waitlist-remover");

const remove = (id: string, body: unknown, token = operator.token) =>
  operatorCall(removalRoute, `/api/operator/waitlist/${id}/removal`, { token, body, params: { id } });

async function entryOf(cohortId: string, email: string): Promise<string> {
  const [row] = await sql<
    { id: string }[]
  >`select id from cohort_waitlist where cohort_id = ${cohortId} and email = ${email} order by queue_number desc limit 1`;
  return row!.id;
}

/** One more place in the cohort, offered to the waitlist as a capacity raise would. */
async function freeOnePlace(cohortId: string): Promise<number> {
  await sql`update cohorts set participant_cap = participant_cap + 1 where id = ${cohortId}`;
  return db().begin((tx) => offerFreePlaces(tx, cohortId));
}

describe("removing a waitlist entry", () => {
  it("takes a waiting entry off with its reason, audited; the next free place passes over it", async () => {
    const cohortId = await fullCohort(sql);
    const [first, second] = [uniqueEmail("removed"), uniqueEmail("next")];
    await waitlisted(sql, cohortId, [first!, second!]);
    const id = await entryOf(cohortId, first!);

    const answer = await remove(id, { reason: "  Asked by phone to leave the list.  " });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, state: "removed" });
    expect((await queueOf(sql, cohortId)).map((row) => [row.email, row.state])).toEqual([
      [first, "removed"],
      [second, "waiting"],
    ]);

    const [listed] = (await cohortWaitlistPage(cohortId, null)).rows;
    expect(listed).toMatchObject({
      email: first,
      state: "removed",
      removedBy: operator.email,
      removedReason: "Asked by phone to leave the list.",
    });
    expect(await auditEntriesOf(sql, id)).toEqual([
      {
        actor_id: operator.userId,
        actor: operator.email,
        action: "waitlist.remove",
        subject_type: "waitlist_entry",
        before: { state: "waiting", email: first, cohort_id: cohortId, position: 1 },
        after: { state: "removed", reason: "Asked by phone to leave the list." },
      },
    ]);

    // The place that frees next goes to the one still waiting.
    expect(await freeOnePlace(cohortId)).toBe(1);
    expect((await queueOf(sql, cohortId)).map((row) => row.state)).toEqual(["removed", "offered"]);
  });

  it("refuses an entry that holds an offer, or was removed already (409), changing nothing", async () => {
    const cohortId = await fullCohort(sql);
    const [offered, removed] = [uniqueEmail("offered"), uniqueEmail("twice")];
    await waitlisted(sql, cohortId, [offered!, removed!]);
    expect(await freeOnePlace(cohortId)).toBe(1);
    const offeredId = await entryOf(cohortId, offered!);
    expect(await remove(offeredId, { reason: "Spam" })).toEqual({
      status: 409,
      body: {
        error: "This entry holds an offer now: it can no longer be removed. The offer ends when it is claimed or lapses.",
        code: "conflict",
      },
    });
    const removedId = await entryOf(cohortId, removed!);
    expect((await remove(removedId, { reason: "Duplicate" })).status).toBe(200);
    expect(await remove(removedId, { reason: "Again" })).toEqual({
      status: 409,
      body: { error: "This entry was already removed.", code: "conflict" },
    });
    expect((await queueOf(sql, cohortId)).map((row) => row.state)).toEqual(["offered", "removed"]);
    expect(await auditEntriesOf(sql, offeredId)).toEqual([]);
    expect((await auditEntriesOf(sql, removedId)).map((entry) => entry.action)).toEqual(["waitlist.remove"]);
  });

  it("answers a missing or bad reason and a bad id with 422, an unknown entry with 404, a member with 403, never a 500", async () => {
    const cohortId = await fullCohort(sql);
    const email = uniqueEmail("kept");
    await waitlisted(sql, cohortId, [email]);
    const id = await entryOf(cohortId, email);
    for (const body of [
      {},
      { reason: "" },
      { reason: "   " },
      { reason: 7 },
      { reason: "x".repeat(501) },
      { reason: "a\u0000b" },
      { reason: "a\ud800b" },
    ]) {
      const answer = await remove(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await remove("not-an-id", { reason: "Spam" })).status).toBe(422);
    expect((await remove(randomUUID(), { reason: "Spam" })).status).toBe(404);
    const member = await signedInMember("waitlist-removal-member");
    expect((await remove(id, { reason: "Spam" }, member.token)).status).toBe(403);
    expect((await queueOf(sql, cohortId)).map((row) => row.state)).toEqual(["waiting"]);
    expect(await auditEntriesOf(sql, id)).toEqual([]);
  });
});
