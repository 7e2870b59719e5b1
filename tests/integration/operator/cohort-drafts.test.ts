import { describe, expect, it } from "vitest";
import { GET as eligibility } from "@/app/api/cohorts/[id]/eligibility/route";
import { GET as publicCohort } from "@/app/api/cohorts/[id]/route";
import { GET as publicCohorts } from "@/app/api/cohorts/route";
import { POST as moveRoute } from "@/app/api/operator/orders/[id]/cohort/route";
import { POST as publishRoute } from "@/app/api/operator/cohorts/[id]/published/route";
import { POST as createRoute } from "@/app/api/operator/cohorts/route";
import { COHORT_DRAFT_MESSAGE } from "@/lib/cohorts/cohort-change-rules";
import { actAsApiRole, suiteSql } from "../../fixtures/db";
import { auditEntriesOf, callRoute, signedInOperator } from "../../fixtures/operators";
import {
  checkoutBody,
  cohortCounts,
  createCohort as arrangeCohort,
  insertPaidOrder,
  postCheckout,
  signedInMember,
} from "../../fixtures/payments";
import { join, uniqueEmail } from "../waitlist/waitlist-calls";

// Cohort drafts: an operator saves a cohort that is not for sale yet and publishes it later; a
// duplicate starts as such a draft. A draft is nobody's to see or buy but the operators': not in the
// cohort picker, not by its id, refused by checkout, the waitlist and a member's move, hidden from
// the Data API. Also: a seat moved into a cohort already running needs the operator's confirmation.
const sql = suiteSql();
const operator = await signedInOperator("cohort-drafts-op");

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const fields = (overrides: Record<string, unknown> = {}) => ({
  cohort_name: "Draft Steady Cohort",
  cohort_description: "Fourteen days of small experiments.",
  language: "en",
  start_cohort_date: day(30),
  end_cohort_date: day(44),
  end_postcohort_date: day(74),
  participant_cap: 12,
  ...overrides,
});

type Data = { id: string; published_at: string | null; [key: string]: unknown };
const create = async (body: unknown) => {
  const answer = await callRoute(createRoute, "/api/operator/cohorts", { token: operator.token, method: "POST", body });
  return { status: answer.status, body: answer.body as { data?: Data; details?: { path: string; message: string }[] } };
};
const publish = (id: string, token: string | undefined = operator.token) =>
  callRoute(publishRoute, `/api/operator/cohorts/${id}/published`, { token, method: "POST", params: { id } });
const pickerIds = async (language = "en") =>
  ((await callRoute(publicCohorts, `/api/cohorts?language=${language}`)).body!.data as { id: string }[]).map((c) => c.id);

async function draft(overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await create(fields({ draft: true, ...overrides }));
  expect(answer.status).toBe(201);
  return answer.body.data!.id;
}

describe("a draft cohort", () => {
  it("is saved as a draft (audited as one), out of the picker and of the public read by id", async () => {
    const id = await draft({ language: "fr" });
    const [row] = await sql<{ published_at: Date | null }[]>`select published_at from public.cohorts where id = ${id}`;
    expect(row!.published_at).toBeNull();
    expect(await pickerIds("fr")).not.toContain(id);
    expect((await callRoute(publicCohort, `/api/cohorts/${id}`, { params: { id } })).status).toBe(404);
    expect(await auditEntriesOf(sql, id)).toEqual([
      expect.objectContaining({ action: "cohort.create", after: expect.objectContaining({ published: false }) }),
    ]);
  });

  it("cannot be bought: checkout refuses its id with a clear message and holds no seat", async () => {
    const id = await draft();
    const checkout = await postCheckout(checkoutBody(id));
    expect(checkout.status).toBe(422);
    expect(checkout.json.details).toEqual([{ path: "cohortId", message: COHORT_DRAFT_MESSAGE }]);
    expect(await cohortCounts(sql, id)).toMatchObject({ prospective: 0, held: 0 });
    const [orders] = await sql<{ count: number }[]>`select count(*)::int from public.orders where cohort_id = ${id}`;
    expect(orders!.count).toBe(0);
  });

  it("takes nobody on its waitlist, even when full, and no member's move", async () => {
    const id = await draft({ participant_cap: 1 });
    // Full, so that only its being a draft can refuse the join.
    await sql`update public.cohorts set prospective_participant_count = 1, participant_count = 1 where id = ${id}`;
    const joined = await join(id, { email: uniqueEmail("draft-waiter") });
    expect(joined.status).toBe(422);
    expect(joined.body.details).toEqual([{ path: "id", message: COHORT_DRAFT_MESSAGE }]);
    const [waiting] = await sql<{ count: number }[]>`select count(*)::int from public.cohort_waitlist where cohort_id = ${id}`;
    expect(waiting!.count).toBe(0);
    const [confirmations] = await sql<{ count: number }[]>`select count(*)::int from public.address_confirmations where cohort_id = ${id}`;
    expect(confirmations!.count).toBe(0);

    const member = await signedInMember("draft-mover");
    await insertPaidOrder(sql, { userId: member.userId, email: member.email, cohortId: await arrangeCohort(sql), seated: true });
    const answer = await callRoute(eligibility, `/api/cohorts/${id}/eligibility`, { token: member.token, params: { id } });
    expect(answer.body!.data).toMatchObject({ eligible: false, message: COHORT_DRAFT_MESSAGE });
  });

  it("is hidden from the Data API's public read", async () => {
    const id = await draft();
    const published = await arrangeCohort(sql);
    const seen = await sql.begin(async (tx) => {
      await actAsApiRole(tx, { role: "anon" });
      return tx<{ id: string }[]>`select id from public.cohorts where id in (${id}, ${published})`;
    });
    expect(seen.map((row) => row.id)).toEqual([published]);
  });

  it("is published by an operator (audited once), then in the picker and for sale", async () => {
    const id = await draft({ language: "it" });
    expect((await publish(id, (await signedInMember("not-an-operator")).token)).status).toBe(403);
    const published = await publish(id);
    expect(published.status).toBe(200);
    expect(published.body!.data).toMatchObject({ id, published_at: expect.any(String) });
    expect((await publish(id)).status).toBe(200);
    expect(await pickerIds("it")).toContain(id);
    expect((await callRoute(publicCohort, `/api/cohorts/${id}`, { params: { id } })).status).toBe(200);
    const checkout = await postCheckout(checkoutBody(id));
    expect(checkout.status).toBe(200);
    expect(await cohortCounts(sql, id)).toMatchObject({ prospective: 1 });
    const entries = await auditEntriesOf(sql, id);
    expect(entries.map((entry) => entry.action)).toEqual(["cohort.create", "cohort.publish"]);
    expect(entries[1]).toMatchObject({
      actor: operator.email,
      before: expect.objectContaining({ published: false }),
      after: expect.objectContaining({ published: true }),
    });
  });

  it("answers 404 when publishing a cohort that does not exist", async () => {
    expect((await publish("0c0a0000-0000-4000-8000-0000000000fe")).status).toBe(404);
  });

  it("leaves a cohort created without the flag for sale at once, as before", async () => {
    const answer = await create(fields({ language: "nl" }));
    expect(answer.body.data!.published_at).toEqual(expect.any(String));
    expect(await pickerIds("nl")).toContain(answer.body.data!.id);
  });
});

describe("duplicating a cohort", () => {
  it("creates the copy as a draft and writes which cohort it copies to the audit log", async () => {
    const original = await create(fields({ cohort_name: "Original Cohort", language: "es" }));
    const copy = await create(
      fields({
        cohort_name: "Original Cohort (copy)",
        language: "es",
        start_cohort_date: day(45),
        end_cohort_date: day(59),
        end_postcohort_date: day(89),
        draft: true,
        copied_from: original.body.data!.id,
      }),
    );
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      cohort_name: "Original Cohort (copy)",
      language: "es",
      participant_cap: 12,
      duration_days: 14,
      published_at: null,
    });
    expect(await auditEntriesOf(sql, copy.body.data!.id)).toEqual([
      expect.objectContaining({
        action: "cohort.duplicate",
        actor: operator.email,
        before: null,
        after: expect.objectContaining({
          cohort_name: "Original Cohort (copy)",
          copied_from: original.body.data!.id,
          copied_from_name: "Original Cohort",
          published: false,
        }),
      }),
    ]);
  });

  it("refuses a copy of a cohort that does not exist, and creates nothing", async () => {
    const [before] = await sql<{ count: number }[]>`select count(*)::int from public.cohorts`;
    const answer = await create(fields({ copied_from: "0c0a0000-0000-4000-8000-0000000000fd" }));
    expect(answer.status).toBe(422);
    expect(answer.body.details).toEqual([{ path: "copied_from", message: "The cohort to copy does not exist any more." }]);
    const [after] = await sql<{ count: number }[]>`select count(*)::int from public.cohorts`;
    expect(after!.count).toBe(before!.count);
  });
});

describe("the form's dates, as the routes check them", () => {
  it("takes a one-day programme (the day after the last is the first's next day) and any length up to 365 days", async () => {
    const one = await create(fields({ end_cohort_date: day(31), end_postcohort_date: day(31) }));
    expect(one.status).toBe(201);
    expect(one.body.data).toMatchObject({ duration_days: 1 });
    const thirteen = await create(fields({ end_cohort_date: day(43), end_postcohort_date: day(50) }));
    expect(thirteen.body.data).toMatchObject({ duration_days: 13 });
  });

  it("refuses a last day before the first, and a post-cohort end on the last day", async () => {
    const backwards = await create(fields({ end_cohort_date: day(30) }));
    expect(backwards.status).toBe(422);
    expect(backwards.body.details).toEqual([{ path: "end_cohort_date", message: "The last day must be on or after the first day." }]);
    const post = await create(fields({ end_postcohort_date: day(43) }));
    expect(post.body.details).toEqual([{ path: "end_postcohort_date", message: "The post-cohort end date must be after the last day." }]);
    const flag = await create(fields({ draft: "yes" }));
    expect(flag.status).toBe(422);
  });
});

describe("moving a seat into a cohort already running", () => {
  const move = (orderId: string, body: Record<string, unknown>) =>
    callRoute(moveRoute, `/api/operator/orders/${orderId}/cohort`, {
      token: operator.token,
      method: "POST",
      body,
      params: { id: orderId },
    });

  it("is refused without the operator's confirmation (409, naming the day), and made with it", async () => {
    const email = uniqueEmail("running-move");
    const from = await arrangeCohort(sql, { cap: 5 });
    const orderId = await insertPaidOrder(sql, { userId: null, email, cohortId: from, seated: true });
    // Day 10 of 14 today (UTC, the operator has no zone set).
    const running = await arrangeCohort(sql, { cap: 5, status: "active", startsInDays: -9 });

    const refused = await move(orderId, { cohortId: running });
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toBe("This cohort is on day 10 of 14: the member will miss days 1–9. Confirm the move to go ahead.");
    expect((await move(orderId, { cohortId: running, confirmRunning: false })).status).toBe(409);
    expect(await cohortCounts(sql, from)).toMatchObject({ enrolled: 1 });
    expect(await cohortCounts(sql, running)).toMatchObject({ enrolled: 0 });
    expect(await auditEntriesOf(sql, orderId)).toEqual([]);

    const moved = await move(orderId, { cohortId: running, confirmRunning: true });
    expect(moved.status).toBe(200);
    expect(moved.body!.data).toMatchObject({ cohortId: running, moved: true });
    expect(await cohortCounts(sql, running)).toMatchObject({ enrolled: 1 });
    expect(await auditEntriesOf(sql, orderId)).toEqual([
      expect.objectContaining({
        action: "order.move_cohort",
        after: expect.objectContaining({
          cohort_id: running,
          running_confirmed: "This cohort is on day 10 of 14: the member will miss days 1–9.",
        }),
      }),
    ]);
  });

  it("needs no confirmation for an upcoming cohort, and refuses a draft however confirmed", async () => {
    const email = uniqueEmail("upcoming-move");
    const orderId = await insertPaidOrder(sql, { userId: null, email, cohortId: await arrangeCohort(sql, { cap: 5 }), seated: true });
    const draftId = await draft();
    const refused = await move(orderId, { cohortId: draftId, confirmRunning: true });
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toBe("This cohort is a draft: publish it before moving a seat into it.");
    expect((await move(orderId, { cohortId: await arrangeCohort(sql, { cap: 5 }) })).status).toBe(200);
  });
});
