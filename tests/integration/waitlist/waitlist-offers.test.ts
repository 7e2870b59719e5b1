import { describe, expect, it } from "vitest";
import { POST as enrolPOST } from "@/app/api/cohorts/[id]/enroll/route";
import { GET as cohortGET } from "@/app/api/cohorts/[id]/route";
import { POST as setClosed } from "@/app/api/operator/cohorts/[id]/closed/route";
import { POST as editCohort } from "@/app/api/operator/cohorts/[id]/route";
import { releaseLapsedSeatHolds } from "@/server/scheduled/lapsed-seat-holds";
import { passLapsedWaitlistOffers } from "@/server/scheduled/lapsed-waitlist-offers";
import { moveOrderCohort } from "@/server/operator/order-cohort-move";
import { orderTimeline } from "@/server/operator/order-timeline";
import { operatorOrderDetails } from "@/server/operator/orders";
import { closeUnpaidOrder } from "@/server/payments/fulfilment";
import { describeOffer } from "@/server/waitlist/offer-claim";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { waitForMail, type InboxMessage } from "../../fixtures/inbox";
import { jobsSettled, outboxFor } from "../../fixtures/jobs";
import { auditEntriesOf, callRoute, signedInOperator } from "../../fixtures/operators";
import {
  checkoutBody,
  cohortCounts,
  createCohort,
  eventually,
  insertPaidOrder,
  openCheckout,
  payAtStripe,
  paymentIntentOf,
  postCheckout,
  signedInMember,
  suiteWebhookEndpoint,
} from "../../fixtures/payments";
import { claimTokenOf, fullCohort, lapseOffer, queueOf, uniqueEmail, waitlisted } from "./waitlist-calls";

// Waitlist: a freed place (a refund, a lapsed hold, a member moving out, an operator
// raising capacity) is held for the next confirmed person, with an email carrying a claim link,
// in the transaction that freed it. Every payment goes through the Stripe stand-in and its signed
// webhooks, every email through the job engine to the mail catcher.

const sql = suiteSql();
suiteWebhookEndpoint();
const operator = await signedInOperator("waitlist-op");

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function orderOf(sessionId: string) {
  const [order] = await sql<{ id: string; status: string; stripe_invoice_id: string | null; replaced_at: Date | null }[]>`
    select id, status, stripe_invoice_id, replaced_at from orders where stripe_checkout_session_id = ${sessionId}`;
  return order!;
}

async function seatOfOrder(orderId: string) {
  const [seat] = await sql<
    { id: string; status: string }[]
  >`select id, status from cohort_seats where order_id = ${orderId} order by created_at desc limit 1`;
  return seat;
}

/** A buyer who paid for a place in the cohort: the order, as the webhook left it. */
async function paidBuyer(cohortId: string) {
  const { sessionId } = await openCheckout(cohortId);
  await payAtStripe(sessionId);
  return eventually(async () => {
    const order = await orderOf(sessionId);
    expect(order.status).toBe("paid");
    return order;
  });
}

/** The offer email an address was sent, once it has arrived. */
async function offerMail(email: string): Promise<InboxMessage> {
  const mails = await eventually(async () => {
    const found = (await waitForMail(email, 2, 20)).filter((m) => m.subject.endsWith("is held for you"));
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  return mails[0]!;
}

function claimLinkOf(mail: InboxMessage): string {
  const link = mail.links.find((l) => l.startsWith("http://localhost:3000/waitlist/claim?token="));
  if (!link) throw new Error(`no claim link in ${JSON.stringify(mail)}`);
  return new URL(link).searchParams.get("token")!;
}

const claim = (cohortId: string, token: unknown, overrides: Record<string, unknown> = {}) =>
  postCheckout(checkoutBody(cohortId, { waitlistClaimToken: token, ...overrides }));

const states = async (cohortId: string) => (await queueOf(sql, cohortId)).map((row) => [row.email, row.state]);

describe("a refund frees a place", () => {
  it("the next confirmed person is emailed a claim link, and the place is held: nobody else can buy it", async () => {
    const cohortId = await createCohort(sql, { cap: 1 });
    const order = await paidBuyer(cohortId);
    const [first, second] = [uniqueEmail("first"), uniqueEmail("second")];
    await waitlisted(sql, cohortId, [first, second]);
    expect(await states(cohortId)).toEqual([
      [first, "waiting"],
      [second, "waiting"],
    ]);

    await stripe().refunds.create({ payment_intent: await paymentIntentOf(order.stripe_invoice_id!) });

    const mail = await offerMail(first);
    expect(mail.subject).toBe(`A place in Test cohort ${cohortId.slice(0, 8)} is held for you`);
    expect(mail.text).toContain("We hold it for you until");
    expect(claimLinkOf(mail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(claimLinkOf(mail)).toBe(await claimTokenOf(sql, cohortId, first));
    expect(await states(cohortId)).toEqual([
      [first, "offered"],
      [second, "waiting"],
    ]);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 0, held: 1, enrolled: 0 });
    // The held offer counts as taken: the cohort is full to everyone else.
    const visitor = await postCheckout(checkoutBody(cohortId));
    expect(visitor).toMatchObject({ status: 409, json: { code: "cohort_full" } });
    const shown = await callRoute(cohortGET, `/api/cohorts/${cohortId}`, { params: { id: cohortId } });
    expect(shown.body?.data).toMatchObject({ participant_cap: 1, prospective_participant_count: 1, held_participant_count: 1 });
    // The claim token is kept only as its hash.
    const [row] = await sql<{ offer_token_hash: string }[]>`select offer_token_hash from cohort_waitlist where email = ${first}`;
    expect(row!.offer_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.offer_token_hash).not.toContain(claimLinkOf(mail));
  });

  it("records the offer in the audit log, in the offer's transaction, and shows it on the refunded order's timeline", async () => {
    const cohortId = await createCohort(sql, { cap: 1 });
    const order = await paidBuyer(cohortId);
    const waiting = uniqueEmail("audited");
    await waitlisted(sql, cohortId, [waiting]);
    expect(await auditEntriesOf(sql, cohortId)).toEqual([]);

    await stripe().refunds.create({ payment_intent: await paymentIntentOf(order.stripe_invoice_id!) });
    await eventually(async () => expect(await states(cohortId)).toEqual([[waiting, "offered"]]));

    const [held] = await sql<{ id: string; offered_at: Date; offer_expires_at: Date }[]>`
      select id, offered_at, offer_expires_at from cohort_waitlist where email = ${waiting}`;
    const entries = await auditEntriesOf(sql, cohortId);
    expect(entries).toEqual([
      {
        actor_id: null,
        actor: "system",
        action: "waitlist.offer",
        subject_type: "cohort",
        before: null,
        after: {
          entry_id: held!.id,
          email: waiting,
          cohort_name: `Test cohort ${cohortId.slice(0, 8)}`,
          queue_number: 1,
          offered_at: held!.offered_at.toISOString(),
          expires_at: held!.offer_expires_at.toISOString(),
          order_id: order.id,
        },
      },
    ]);
    // Written with the offer: the same transaction's clock.
    const [logged] = await sql<{ created_at: Date }[]>`select created_at from operator_audit_log where subject_id = ${cohortId}`;
    expect(logged!.created_at.getTime()).toBe(held!.offered_at.getTime());

    const details = await operatorOrderDetails(order.id);
    const timeline = await orderTimeline(details!);
    const offer = timeline.filter((entry) => entry.kind === "waitlist");
    expect(offer.map((entry) => entry.title)).toEqual([
      `system offered a place in cohort Test cohort ${cohortId.slice(0, 8)} to ${waiting} (held until ${calendarMoment(held!.offer_expires_at)}, freed by order ${order.id.slice(0, 8).toUpperCase()})`,
    ]);
    // Another order's timeline does not show it.
    const other = await paidBuyer(await createCohort(sql, { cap: 1 }));
    expect((await orderTimeline((await operatorOrderDetails(other.id))!)).some((entry) => entry.kind === "waitlist")).toBe(false);
  });
});

/** A moment as the audit sentences write it: "Nov 29, 2026, 10:00 UTC". */
function calendarMoment(date: Date): string {
  const format = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });
  return `${format.format(date)} UTC`;
}

describe("claiming an offer", () => {
  async function offeredTo(email: string, others: string[] = []) {
    const cohortId = await fullCohort(sql);
    await waitlisted(sql, cohortId, [email, ...others]);
    // The operator makes room for one more: the first in the queue is offered it.
    await raiseCapacity(cohortId, 2);
    return { cohortId, token: claimLinkOf(await offerMail(email)) };
  }

  it("within 24 hours opens the checkout with the held seat, and paying enrols that very seat", async () => {
    const email = uniqueEmail("claimer");
    const { cohortId, token } = await offeredTo(email);
    const [offer] = await queueOf(sql, cohortId);

    const opened = await claim(cohortId, token);
    expect(opened.status).toBe(200);
    const order = await orderOf(opened.json.data!.sessionId);
    expect((await seatOfOrder(order.id))?.id).toBe(offer!.seat_id);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 2, participants: 1, held: 1, enrolled: 0 });

    await payAtStripe(opened.json.data!.sessionId, { email });
    await eventually(async () => expect((await orderOf(opened.json.data!.sessionId)).status).toBe("paid"));
    expect(await seatOfOrder(order.id)).toEqual({ id: offer!.seat_id, status: "enrolled" });
    expect(await states(cohortId)).toEqual([[email, "claimed"]]);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 2, participants: 2, held: 0, enrolled: 1 });

    expect((await describeOffer(token)).status).toBe("claimed");
    // The link has done its work: used again it says so, and nothing changes.
    const again = await claim(cohortId, token);
    expect(again).toMatchObject({
      status: 409,
      json: { error: "This place has already been claimed.", details: [{ path: "waitlistClaimToken" }] },
    });
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 2, participants: 2, held: 0, enrolled: 1 });
  });

  it("an abandoned claim checkout gives the seat back to the offer, and the link opens a new checkout", async () => {
    const email = uniqueEmail("abandons");
    const { cohortId, token } = await offeredTo(email);
    const [offer] = await queueOf(sql, cohortId);
    const firstTry = await claim(cohortId, token);
    const firstOrder = await orderOf(firstTry.json.data!.sessionId);

    await stripe().checkout.sessions.expire(firstTry.json.data!.sessionId);
    await eventually(async () => expect((await orderOf(firstTry.json.data!.sessionId)).status).toBe("expired"));
    const [seat] = await sql<
      { status: string; order_id: string | null }[]
    >`select status, order_id from cohort_seats where id = ${offer!.seat_id}`;
    expect(seat).toEqual({ status: "held", order_id: null });
    expect(await states(cohortId)).toEqual([[email, "offered"]]);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 2, held: 1 });

    const secondTry = await claim(cohortId, token);
    expect(secondTry.status).toBe(200);
    const secondOrder = await orderOf(secondTry.json.data!.sessionId);
    expect(secondOrder.id).not.toBe(firstOrder.id);
    expect((await seatOfOrder(secondOrder.id))?.id).toBe(offer!.seat_id);
  });

  it("a second checkout with the same link (another device) replaces the first, which can no longer be paid", async () => {
    const email = uniqueEmail("two.devices");
    const { cohortId, token } = await offeredTo(email);
    const phone = await claim(cohortId, token);
    const laptop = await claim(cohortId, token);
    expect(laptop.status).toBe(200);
    const replaced = await orderOf(phone.json.data!.sessionId);
    expect(replaced.status).toBe("expired");
    expect(replaced.replaced_at).not.toBeNull();
    expect((await stripe().checkout.sessions.retrieve(phone.json.data!.sessionId)).status).toBe("expired");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 2, participants: 1, held: 1, enrolled: 0 });
  });

  it("refuses a guessed, malformed or another cohort's token (422) and a lapsed one (409), changing nothing", async () => {
    const email = uniqueEmail("holder");
    const { cohortId, token } = await offeredTo(email);
    const other = await offeredTo(uniqueEmail("elsewhere"));
    const before = await cohortCounts(sql, cohortId);
    const [orders] = await sql<{ n: number }[]>`select count(*)::int as n from orders where cohort_id = ${cohortId}`;

    for (const attempt of ["A".repeat(43), token.slice(0, 42) + (token.endsWith("A") ? "B" : "A"), other.token]) {
      expect(await claim(cohortId, attempt)).toMatchObject({
        status: 422,
        json: {
          error: "This claim link is not valid. Open the link exactly as it is in the email.",
          details: [{ path: "waitlistClaimToken" }],
        },
      });
    }
    expect((await describeOffer("A".repeat(43))).status).toBe("invalid");
    expect((await describeOffer("short")).status).toBe("invalid");
    expect(await claim(cohortId, "short")).toMatchObject({ status: 422, json: { details: [{ path: "waitlistClaimToken" }] } });
    expect((await claim(cohortId, "nul\u0000".padEnd(43, "a"))).status).toBe(422);

    await lapseOffer(sql, cohortId, email);
    expect(await claim(cohortId, token)).toMatchObject({
      status: 409,
      json: { error: "This offer has lapsed: the place was held for 24 hours and has passed to the next person on the waitlist." },
    });
    expect(await cohortCounts(sql, cohortId)).toEqual(before);
    expect(await sql`select count(*)::int as n from orders where cohort_id = ${cohortId}`).toEqual([{ n: orders!.n }]);
  });
});

describe("an offer left unclaimed for 24 hours", () => {
  it("passes to the next person with an email, and frees the place once nobody is waiting", async () => {
    const cohortId = await fullCohort(sql);
    const [first, second] = [uniqueEmail("lapses"), uniqueEmail("next")];
    await waitlisted(sql, cohortId, [first, second]);
    await raiseCapacity(cohortId, 2);
    const firstToken = claimLinkOf(await offerMail(first));
    expect(await describeOffer(firstToken)).toMatchObject({
      status: "offered",
      cohortId,
      cohortName: `Test cohort ${cohortId.slice(0, 8)}`,
      expiresAt: expect.any(String),
    });
    await lapseOffer(sql, cohortId, first);
    expect(await describeOffer(firstToken)).toMatchObject({ status: "lapsed", expiresAt: null });

    // The seat-hold job leaves an offer's seat to the waitlist's own job.
    await releaseLapsedSeatHolds();
    expect(await states(cohortId)).toEqual([
      [first, "offered"],
      [second, "waiting"],
    ]);

    expect(await passLapsedWaitlistOffers()).toMatchObject({ passed: expect.any(Number) });
    expect(await states(cohortId)).toEqual([
      [first, "passed"],
      [second, "offered"],
    ]);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 2, participants: 1, held: 1, enrolled: 0 });
    await offerMail(second);
    expect((await claim(cohortId, firstToken)).status).toBe(409);

    await lapseOffer(sql, cohortId, second);
    await passLapsedWaitlistOffers();
    expect(await states(cohortId)).toEqual([
      [first, "passed"],
      [second, "passed"],
    ]);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 0 });
  });

  it("while its checkout is still open, waits for that checkout, and a payment then claims it", async () => {
    const email = uniqueEmail("late.payer");
    const cohortId = await fullCohort(sql);
    await waitlisted(sql, cohortId, [email, uniqueEmail("behind")]);
    await raiseCapacity(cohortId, 2);
    const opened = await claim(cohortId, claimLinkOf(await offerMail(email)));
    await sql`update cohort_waitlist set offered_at = now() - interval '25 hours', offer_expires_at = now() - interval '1 hour' where email = ${email}`;

    await passLapsedWaitlistOffers();
    expect((await states(cohortId))[0]).toEqual([email, "offered"]);
    await payAtStripe(opened.json.data!.sessionId);
    await eventually(async () => expect((await states(cohortId))[0]).toEqual([email, "claimed"]));
    expect((await states(cohortId))[1]?.[1]).toBe("waiting");
  });
});

describe("other ways a place frees", () => {
  it("an operator raising capacity offers each new place, in the same change", async () => {
    const cohortId = await fullCohort(sql);
    const emails = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    await waitlisted(sql, cohortId, emails);
    const answer = await raiseCapacity(cohortId, 3);
    expect(answer.body?.data).toMatchObject({ participant_cap: 3, seats: { paid: 1, held: 2, free: 0 } });
    expect(await states(cohortId)).toEqual([
      [emails[0], "offered"],
      [emails[1], "offered"],
      [emails[2], "waiting"],
    ]);
    // Each offer is audited as the operator's, with their change.
    const audited = await auditEntriesOf(sql, cohortId);
    expect(audited.map((entry) => [entry.actor_id, entry.actor, entry.action])).toEqual([
      [operator.userId, operator.email, "waitlist.offer"],
      [operator.userId, operator.email, "waitlist.offer"],
      [operator.userId, operator.email, "cohort.edit"],
    ]);
    expect(audited.slice(0, 2).map((entry) => entry.after as { email: string; order_id: string | null })).toMatchObject([
      { email: emails[0], order_id: null },
      { email: emails[1], order_id: null },
    ]);
    await jobsSettled(sql);
    expect((await outboxFor(sql, emails[0]!)).map((row) => [row.kind, row.status])).toEqual([
      ["waitlist-confirmation", "sent"],
      ["waitlist-offer", "sent"],
    ]);
    expect((await outboxFor(sql, emails[2]!)).map((row) => row.kind)).toEqual(["waitlist-confirmation"]);
  });

  it("a closed cohort offers nothing; reopening it offers its free places", async () => {
    const cohortId = await fullCohort(sql);
    const email = uniqueEmail("reopened");
    await waitlisted(sql, cohortId, [email]);
    const close = (closed: boolean) =>
      callRoute(setClosed, `/api/operator/cohorts/${cohortId}/closed`, {
        token: operator.token,
        method: "POST",
        body: { closed },
        params: { id: cohortId },
      });
    expect((await close(true)).status).toBe(200);
    await raiseCapacity(cohortId, 2);
    expect(await states(cohortId)).toEqual([[email, "waiting"]]);
    expect((await close(false)).status).toBe(200);
    expect(await states(cohortId)).toEqual([[email, "offered"]]);
  });

  it("a lapsed checkout hold released by its job is offered to the waitlist", async () => {
    const cohortId = await createCohort(sql, { cap: 2 });
    const { sessionId } = await openCheckout(cohortId);
    await sql`update cohorts set participant_count = 1, prospective_participant_count = 2 where id = ${cohortId}`;
    const email = uniqueEmail("after.hold");
    await waitlisted(sql, cohortId, [email]);
    await sql`update cohort_seats set hold_expires_at = now() - interval '1 minute' where order_id = ${(await orderOf(sessionId)).id}`;

    await releaseLapsedSeatHolds();

    expect(await states(cohortId)).toEqual([[email, "offered"]]);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 2, held: 1 });
    await offerMail(email);
  });

  it("a member moving to another cohort frees their place for the waitlist", async () => {
    const from = await createCohort(sql, { cap: 1 });
    const to = await createCohort(sql, { cap: 5, startsInDays: 40 });
    const member = await signedInMember("mover");
    await insertPaidOrder(sql, { userId: member.userId, email: member.email, cohortId: from, seated: true });
    const email = uniqueEmail("moves.in");
    await waitlisted(sql, from, [email]);
    const moved = await callRoute(enrolPOST, `/api/cohorts/${to}/enroll`, { token: member.token, method: "POST", params: { id: to } });
    expect(moved.status).toBe(200);
    expect(await states(from)).toEqual([[email, "offered"]]);
  });

  it("an operator moving a member's seat out of a full cohort offers the place it leaves", async () => {
    const from = await createCohort(sql, { cap: 1 });
    const to = await createCohort(sql, { cap: 5, startsInDays: 40 });
    const member = await signedInMember("moved.by.operator");
    const orderId = await insertPaidOrder(sql, { userId: member.userId, email: member.email, cohortId: from, seated: true });
    const email = uniqueEmail("gets.the.place");
    await waitlisted(sql, from, [email]);
    expect(await moveOrderCohort(operator.userId, orderId, to)).toMatchObject({ moved: true });
    expect(await states(from)).toEqual([[email, "offered"]]);
    expect(await cohortCounts(sql, from)).toEqual({ prospective: 1, participants: 0, held: 1, enrolled: 0 });
  });

  it("places freeing at the same moment go to different people, each offered once", async () => {
    const cohortId = await createCohort(sql, { cap: 4 });
    const sessions = [await openCheckout(cohortId), await openCheckout(cohortId)];
    await sql`update cohorts set participant_cap = 2 where id = ${cohortId}`;
    const emails = [uniqueEmail("one"), uniqueEmail("two"), uniqueEmail("three")];
    await waitlisted(sql, cohortId, emails);
    const orders = await Promise.all(sessions.map((s) => orderOf(s.sessionId)));

    await Promise.all(orders.map((order) => closeUnpaidOrder(order.id, "expired")));

    const queue = await queueOf(sql, cohortId);
    expect(queue.map((row) => row.state)).toEqual(["offered", "offered", "waiting"]);
    expect(new Set(queue.slice(0, 2).map((row) => row.seat_id)).size).toBe(2);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 2, participants: 0, held: 2, enrolled: 0 });

    // Both offers lapse, and two workers pass them on at once: the third person gets one place, once.
    for (const email of emails.slice(0, 2)) await lapseOffer(sql, cohortId, email);
    await Promise.all([passLapsedWaitlistOffers(), passLapsedWaitlistOffers()]);
    expect((await queueOf(sql, cohortId)).map((row) => row.state)).toEqual(["passed", "passed", "offered"]);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 0, held: 1, enrolled: 0 });
    await jobsSettled(sql);
    expect((await outboxFor(sql, emails[2]!)).filter((row) => row.kind === "waitlist-offer")).toHaveLength(1);
  });
});

/** The operator's edit of the cohort's capacity, through the operator API. */
async function raiseCapacity(cohortId: string, cap: number) {
  const [row] = await sql<{ cohort_name: string }[]>`select cohort_name from cohorts where id = ${cohortId}`;
  const body = {
    cohort_name: row!.cohort_name,
    cohort_description: "A cohort made by a test.",
    language: "en",
    start_cohort_date: day(20),
    end_cohort_date: day(34),
    end_postcohort_date: "",
    participant_cap: cap,
  };
  const answer = await callRoute(editCohort, `/api/operator/cohorts/${cohortId}`, {
    token: operator.token,
    method: "POST",
    body,
    params: { id: cohortId },
  });
  if (answer.status !== 200) throw new Error(`edit: ${answer.status} ${answer.text}`);
  return answer;
}
