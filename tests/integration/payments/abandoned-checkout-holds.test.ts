import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { ABANDONED_CHECKOUT_SECONDS, releaseLapsedSeatHolds } from "@/server/scheduled/lapsed-seat-holds";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { checkoutBody, cohortCounts, createCohort, eventually, openCheckout, payAtStripe, postCheckout } from "../../fixtures/payments";
import { queueOf, uniqueEmail, waitlisted } from "../waitlist/waitlist-calls";

// A checkout writes its order and held seat, then asks Stripe for the session and stores its id.
// A web process that dies in between leaves an order without a session: the lapsed-seat-holds job
// releases its seat once it is ABANDONED_CHECKOUT_SECONDS old, instead of at the end of its hold.
//
// The app's Stripe calls go through a gate in front of the Stripe stand-in (the app reads
// STRIPE_API_URL once per process, before this file's first Stripe call), so a test can keep
// "create a checkout session" waiting, as a hung Stripe would, and let it through when it chooses.
const stripeUrl = new URL(process.env.STRIPE_API_URL!);
let gateOpen = true;
let waiting: (() => void)[] = [];
let sessionCreations = 0;

function forward(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const upstream = httpRequest(
    { host: stripeUrl.hostname, port: stripeUrl.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  upstream.end(body);
}

const gate = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    const creation = req.method === "POST" && req.url === "/v1/checkout/sessions";
    if (creation) sessionCreations += 1;
    if (creation && !gateOpen) waiting.push(() => forward(req, body, res));
    else forward(req, body, res);
  });
});
await new Promise<void>((resolve) => gate.listen(0, "127.0.0.1", resolve));
const gateAddress = gate.address();
process.env.STRIPE_API_URL = `http://127.0.0.1:${typeof gateAddress === "object" && gateAddress ? gateAddress.port : 0}`;

function openGate(): void {
  gateOpen = true;
  const held = waiting;
  waiting = [];
  for (const go of held) go();
}

const sql = suiteSql();

afterAll(async () => {
  openGate();
  await new Promise((resolve) => gate.close(resolve));
});

type OrderRow = { id: string; status: string; stripe_checkout_session_id: string | null };

async function order(orderId: string): Promise<OrderRow> {
  const [row] = await sql<OrderRow[]>`select id, status, stripe_checkout_session_id from public.orders where id = ${orderId}`;
  return row!;
}

async function seatStatus(orderId: string): Promise<string> {
  const [seat] = await sql<{ status: string }[]>`select status from public.cohort_seats where order_id = ${orderId}`;
  return seat!.status;
}

/** Makes an order as old as `seconds`, as if placed that long ago. */
async function placedAgo(orderId: string, seconds: number): Promise<void> {
  await sql`update public.orders set created_at = now() - make_interval(secs => ${seconds}) where id = ${orderId}`;
}

/**
 * What a checkout request leaves when its process dies while Stripe has not answered: a pending
 * order placed `placedSecondsAgo`, no session id, and its held seat (36 minutes from the order, as
 * the checkout holds one) counted in the cohort's places.
 */
async function crashedCheckout(cohortId: string, placedSecondsAgo: number): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.orders (plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, created_at)
    values ('starter', 'Starter', false, ${cohortId}, 9900, 792, 10692, 'pending', now() - make_interval(secs => ${placedSecondsAgo}))
    returning id`;
  await sql`update public.cohorts set prospective_participant_count = prospective_participant_count + 1 where id = ${cohortId}`;
  await sql`
    insert into public.cohort_seats (cohort_id, order_id, status, hold_expires_at)
    values (${cohortId}, ${row!.id}, 'held', now() - make_interval(secs => ${placedSecondsAgo}) + interval '36 minutes')`;
  return row!.id;
}

describe("a checkout whose Stripe session never came", () => {
  it("is released by the lapsed-seat-holds job once older than that: seat back, order expired", async () => {
    const cohortId = await createCohort(sql, { cap: 10 });
    const orderId = await crashedCheckout(cohortId, ABANDONED_CHECKOUT_SECONDS + 60);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 0, held: 1, enrolled: 0 });

    const outcome = await releaseLapsedSeatHolds();

    expect(outcome.abandoned).toBeGreaterThanOrEqual(1);
    expect(await order(orderId)).toMatchObject({ status: "expired", stripe_checkout_session_id: null });
    expect(await seatStatus(orderId)).toBe("released");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });
  });

  it("gives the freed place to the cohort's waitlist as any freed place", async () => {
    const cohortId = await createCohort(sql, { cap: 2 });
    const orderId = await crashedCheckout(cohortId, ABANDONED_CHECKOUT_SECONDS + 60);
    // The other place is paid for: the cohort is full, and an address waits for a place.
    await sql`update public.cohorts set prospective_participant_count = 2, participant_count = 1 where id = ${cohortId}`;
    const email = uniqueEmail("abandoned-hold-waiter");
    await waitlisted(sql, cohortId, [email]);
    expect((await queueOf(sql, cohortId)).map((row) => row.state)).toEqual(["waiting"]);

    await releaseLapsedSeatHolds();

    expect(await seatStatus(orderId)).toBe("released");
    expect((await queueOf(sql, cohortId)).map((row) => [row.email, row.state])).toEqual([[email.toLowerCase(), "offered"]]);
    // The place is held for the person offered it: the cohort stays full for everyone else.
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 2, participants: 1, held: 1, enrolled: 0 });
  });

  it("is left alone while younger than that: its request may still be waiting on Stripe", async () => {
    const cohortId = await createCohort(sql, { cap: 10 });
    const orderId = await crashedCheckout(cohortId, ABANDONED_CHECKOUT_SECONDS - 60);

    await releaseLapsedSeatHolds();

    expect(await order(orderId)).toMatchObject({ status: "pending" });
    expect(await seatStatus(orderId)).toBe("held");
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 1, held: 1 });
  });

  it("does not touch a checkout that has its session, however old: its hold runs its usual course", async () => {
    const cohortId = await createCohort(sql, { cap: 10 });
    const { sessionId } = await openCheckout(cohortId);
    const [row] = await sql<{ id: string }[]>`select id from public.orders where stripe_checkout_session_id = ${sessionId}`;
    const orderId = row!.id;
    await placedAgo(orderId, ABANDONED_CHECKOUT_SECONDS * 4);

    await releaseLapsedSeatHolds();

    expect(await order(orderId)).toMatchObject({ status: "pending", stripe_checkout_session_id: sessionId });
    expect(await seatStatus(orderId)).toBe("held");
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe("open");
  });
});

describe("a checkout request that stores its session after its hold was released", () => {
  it("does not take the seat back, answers 'Payment setup failed', and leaves nothing anyone can pay", async () => {
    const cohortId = await createCohort(sql, { cap: 10 });
    const creationsBefore = sessionCreations;
    gateOpen = false;
    const request = postCheckout(checkoutBody(cohortId));
    // The order and its hold are written; the request waits on Stripe for its session.
    const orderId = await eventually(async () => {
      const [row] = await sql<{ id: string }[]>`select id from public.orders where cohort_id = ${cohortId}`;
      expect(row).toBeDefined();
      expect(sessionCreations).toBeGreaterThan(creationsBefore);
      return row!.id;
    });
    expect(await seatStatus(orderId)).toBe("held");

    // Long enough after, the job takes the request for dead and releases the hold.
    await placedAgo(orderId, ABANDONED_CHECKOUT_SECONDS + 60);
    await releaseLapsedSeatHolds();
    expect(await order(orderId)).toMatchObject({ status: "expired", stripe_checkout_session_id: null });
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });

    // Stripe answers at last and the request stores its session.
    openGate();
    const { status, json } = await request;

    expect(status).toBe(502);
    expect(json).toEqual({ error: "Payment setup failed. Please try again.", code: "payment_provider_error" });
    const late = await order(orderId);
    expect(late.status).toBe("expired");
    expect(late.stripe_checkout_session_id).toMatch(/^cs_/);
    // The released seat stays released: nothing was held again.
    expect(await seatStatus(orderId)).toBe("released");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });
    // The session's address was never handed out, and Stripe has it expired: a payment is refused.
    const session = await stripe().checkout.sessions.retrieve(late.stripe_checkout_session_id!);
    expect(session.status).toBe("expired");
    expect((await payAtStripe(session.id)).outcome).not.toBe("succeeded");
    expect(await order(orderId)).toMatchObject({ status: "expired" });
  });
});
