import { describe, expect, it } from "vitest";
import { GET as getCohort } from "@/app/api/cohorts/[id]/route";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { waitForMail } from "../../fixtures/inbox";
import {
  SITE,
  checkoutBody,
  cohortCounts,
  createCohort,
  eventually,
  payAtStripe,
  postCheckout,
  suiteWebhookEndpoint,
} from "../../fixtures/payments";

// Finding 4: checkouts opened without paying must not be able to make a cohort look full.
const sql = suiteSql();
suiteWebhookEndpoint();

async function publicCohort(id: string) {
  const response = await getCohort(new Request(`${SITE}/api/cohorts/${id}`), { params: Promise.resolve({ id }) });
  return (await response.json()).data as Record<string, number>;
}

async function paidAndSeated(sessionId: string) {
  return eventually(async () => {
    const [row] = await sql`select o.status, s.status as seat from public.orders o
      left join public.cohort_seats s on s.order_id = o.id and s.status <> 'released'
      where o.stripe_checkout_session_id = ${sessionId}`;
    expect(row).toEqual({ status: "paid", seat: "enrolled" });
  });
}

describe("unpaid checkouts cannot lock paying buyers out of a cohort", () => {
  it("an attacker opening many checkouts from a few addresses cannot make a cohort unavailable to a paying buyer", async () => {
    const cohortId = await createCohort(sql, { cap: 4 });
    for (const ip of ["203.0.113.10", "203.0.113.11", "203.0.113.12"]) {
      for (let i = 0; i < 12; i++) await postCheckout(checkoutBody(cohortId), { ip });
    }
    const cohort = await publicCohort(cohortId);
    expect(cohort.prospective_participant_count).toBeLessThan(cohort.participant_cap!);
    expect(cohort.held_participant_count).toBeLessThanOrEqual(2);

    const buyer = await postCheckout(checkoutBody(cohortId), { ip: "192.0.2.50" });
    expect(buyer.status).toBe(200);
    await payAtStripe(buyer.json.data!.sessionId);
    await paidAndSeated(buyer.json.data!.sessionId);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ participants: 1, enrolled: 1 });
  });

  it("keeps the last open place out of any hold: every checkout for it is open, the first to pay takes it", async () => {
    const cohortId = await createCohort(sql, { cap: 3, prospective: 2, participants: 2 });
    const first = await postCheckout(checkoutBody(cohortId));
    const second = await postCheckout(checkoutBody(cohortId));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 2, held: 0 });
    await payAtStripe(second.json.data!.sessionId);
    await paidAndSeated(second.json.data!.sessionId);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 3, participants: 3, held: 0, enrolled: 1 });
    expect(await postCheckout(checkoutBody(cohortId))).toMatchObject({ status: 409, json: { code: "cohort_full" } });

    // The other buyer pays too late for a place: the plan is theirs, the receipt says to pick another cohort.
    const email = uniqueEmail("too-late");
    await payAtStripe(first.json.data!.sessionId, { email });
    const receipt = (await waitForMail(email, 2)).find((m) => m.subject.startsWith("Payment received"));
    expect(receipt!.text).toContain("The cohort you chose filled up before your payment came through");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 3, participants: 3, held: 0, enrolled: 1 });
  });

  it("one address may open ten checkouts in ten minutes; the eleventh is refused with 429", async () => {
    const cohortId = await createCohort(sql, { cap: 50 });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postCheckout(checkoutBody(cohortId), { ip: "203.0.113.77" })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it("the cohort API says how many places are held by open checkouts and how many are taken", async () => {
    const cohortId = await createCohort(sql, { cap: 10 });
    const paying = await postCheckout(checkoutBody(cohortId));
    await postCheckout(checkoutBody(cohortId));
    await payAtStripe(paying.json.data!.sessionId);
    await paidAndSeated(paying.json.data!.sessionId);
    expect(await publicCohort(cohortId)).toMatchObject({
      participant_cap: 10,
      participant_count: 1,
      held_participant_count: 1,
      prospective_participant_count: 2,
    });
  });
});
