import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as moveRoute } from "@/app/api/operator/orders/[id]/cohort/route";
import { POST as receiptRoute } from "@/app/api/operator/orders/[id]/receipt/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import { POST as setupLinkRoute } from "@/app/api/operator/orders/[id]/setup-link/route";
import { issueAccountSetupLink } from "@/server/accounts/account-setup-link";
import { COHORT_MOVED_SUBJECT } from "@/server/email/templates/cohort-moved";
import { ALREADY_SET_UP_MESSAGE } from "@/server/operator/order-actions";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { waitForMail } from "../../fixtures/inbox";
import { jobsSettled } from "../../fixtures/jobs";
import { auditEntriesOf, signedInOperator } from "../../fixtures/operators";
import { operatorCall } from "../../fixtures/operator-orders";
import { SITE, cohortCounts, createCohort, eventually, insertPaidOrder, signedInMember } from "../../fixtures/payments";
import { freshAddress } from "../../fixtures/referrals";
import { racesOnlyOnPostgres } from "../../fixtures/postgres-only";

// Orders: an operator resends an order's receipt or set-up link, or moves its seat. Each
// is written to the audit log with its email queued in the same transaction (none is a money
// action: no fresh sign-in needed).
const sql = suiteSql();
const operator = await signedInOperator("order-actions-op");

type Route = Parameters<typeof operatorCall>[0];
const call = (route: Route, action: string, orderId: string, body: Record<string, unknown>, token: string | null = operator.token) =>
  operatorCall(route, `/api/operator/orders/${orderId}/${action}`, { token: token ?? undefined, params: { id: orderId }, body });

const outboxOf = (orderId: string, kind: string) =>
  sql<
    { recipient: string; status: string }[]
  >`select recipient, status from public.email_outbox where order_id = ${orderId} and kind = ${kind} order by created_at`;

/** A guest's paid order with its seat (no account yet). */
async function guestOrder(cohortId?: string) {
  const email = uniqueEmail("order-buyer");
  const cohort = cohortId ?? (await createCohort(sql, { cap: 5 }));
  const orderId = await insertPaidOrder(sql, { userId: null, email, cohortId: cohort, seated: true });
  return { email, orderId, cohortId: cohort };
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** POST /api/auth/verify-email as the set-up page sends it, from an address of its own (its limit is per address). */
async function callVerifyEmail(body: unknown) {
  const response = await verifyEmail(
    new Request(`${SITE}/api/auth/verify-email`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-real-ip": freshAddress() },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: await response.json() };
}

racesOnlyOnPostgres("two operators moving the last seat at once");

describe("resending the receipt", () => {
  it("queues the receipt again and sends it; a replay of the request queues nothing more; the audit log holds it once", async () => {
    const order = await guestOrder();
    const requestKey = randomUUID();
    const first = await call(receiptRoute, "receipt", order.orderId, { requestKey });
    expect(first).toEqual({ status: 200, body: { data: { queued: true } } });
    expect(await call(receiptRoute, "receipt", order.orderId, { requestKey })).toEqual({ status: 200, body: { data: { queued: false } } });
    await eventually(async () =>
      expect(await outboxOf(order.orderId, "payment-confirmation")).toEqual([{ recipient: order.email, status: "sent" }]),
    );
    const mail = await waitForMail(order.email);
    expect(mail.map((m) => m.subject)).toHaveLength(1);
    expect(await auditEntriesOf(sql, order.orderId)).toEqual([
      {
        actor_id: operator.userId,
        actor: operator.email,
        action: "order.resend_receipt",
        subject_type: "order",
        before: null,
        after: { to: order.email },
      },
    ]);
  });

  it("answers 409 for an order that was never paid, 404 for none, 403 to a member or visitor", async () => {
    const cohortId = await createCohort(sql);
    const [unpaid] = await sql<{ id: string }[]>`
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents)
      values ('unpaid@example.com', 'starter', 'Starter', false, ${cohortId}, 9900, 792, 10692) returning id`;
    expect((await call(receiptRoute, "receipt", unpaid!.id, { requestKey: randomUUID() })).status).toBe(409);
    expect((await call(receiptRoute, "receipt", randomUUID(), { requestKey: randomUUID() })).status).toBe(404);
    const order = await guestOrder();
    const member = await signedInMember("receipt-member");
    for (const token of [null, member.token])
      expect((await call(receiptRoute, "receipt", order.orderId, { requestKey: randomUUID() }, token)).status).toBe(403);
    expect(await outboxOf(order.orderId, "payment-confirmation")).toEqual([]);
  });
});

describe("resending the set-up link", () => {
  it("sends a new link and the earlier one stops working: one token per order, only the newest sets the account up", async () => {
    const order = await guestOrder();
    const firstLink = await issueAccountSetupLink(order.orderId, order.email);
    expect((await callVerifyEmail({ action: "validate", token: tokenOf(firstLink), email: order.email })).status).toBe(200);

    const requestKey = randomUUID();
    expect(await call(setupLinkRoute, "setup-link", order.orderId, { requestKey })).toEqual({
      status: 200,
      body: { data: { queued: true } },
    });
    expect(await call(setupLinkRoute, "setup-link", order.orderId, { requestKey })).toEqual({
      status: 200,
      body: { data: { queued: false } },
    });
    const [mail] = await waitForMail(order.email);
    const newLink = mail!.links.find((link) => new URL(link).pathname === "/verify")!;
    expect(tokenOf(newLink)).not.toBe(tokenOf(firstLink));
    // An email rendered now, whenever it was queued, carries the newest link, never the revoked one.
    expect(tokenOf(await issueAccountSetupLink(order.orderId, order.email))).toBe(tokenOf(newLink));

    expect((await callVerifyEmail({ action: "validate", token: tokenOf(firstLink), email: order.email })).status).toBe(400);
    expect(
      (await callVerifyEmail({ action: "complete", token: tokenOf(firstLink), email: order.email, password: "the-buyers-password" }))
        .status,
    ).toBe(400);
    expect(await sql`select 1 from public.account_setup_tokens where order_id = ${order.orderId} and revoked_at is null`).toHaveLength(1);
    expect(
      await callVerifyEmail({ action: "complete", token: tokenOf(newLink), email: order.email, password: "the-buyers-password" }),
    ).toEqual({
      status: 200,
      body: { data: { verified: true, email: order.email } },
    });
    expect(await auditEntriesOf(sql, order.orderId)).toEqual([
      expect.objectContaining({ action: "order.resend_setup_link", before: { link: 0 }, after: { link: 1, to: order.email } }),
    ]);

    // Now that the buyer has an account, there is nothing to resend.
    const again = await call(setupLinkRoute, "setup-link", order.orderId, { requestKey: randomUUID() });
    expect(again).toEqual({ status: 409, body: { error: ALREADY_SET_UP_MESSAGE, code: "conflict" } });
  });

  it("answers 409 for a buyer who was signed in when they paid, and changes nothing", async () => {
    const member = await signedInMember("signed-in-buyer");
    const cohortId = await createCohort(sql);
    const orderId = await insertPaidOrder(sql, { userId: member.userId, email: member.email, cohortId, seated: true });
    expect((await call(setupLinkRoute, "setup-link", orderId, { requestKey: randomUUID() })).status).toBe(409);
    expect(await outboxOf(orderId, "account-setup")).toEqual([]);
    expect(await auditEntriesOf(sql, orderId)).toEqual([]);
  });
});

describe("moving a member to another cohort", () => {
  it("moves the seat under locks, tells the member, and the audit log holds where from and where to", async () => {
    const order = await guestOrder();
    const target = await createCohort(sql, { cap: 5 });
    const [targetName] = await sql<{ cohort_name: string }[]>`select cohort_name from public.cohorts where id = ${target}`;
    const moved = await call(moveRoute, "cohort", order.orderId, { cohortId: target });
    expect(moved).toEqual({ status: 200, body: { data: { cohortId: target, cohortName: targetName!.cohort_name, moved: true } } });
    expect(await cohortCounts(sql, order.cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });
    expect(await cohortCounts(sql, target)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    const [mail] = await waitForMail(order.email);
    expect(mail!.subject).toBe(COHORT_MOVED_SUBJECT);
    expect(mail!.text).toContain(targetName!.cohort_name);
    const [entry] = await auditEntriesOf(sql, order.orderId);
    expect(entry).toMatchObject({
      action: "order.move_cohort",
      before: { cohort_id: order.cohortId, cohort_name: expect.stringMatching(/^Test cohort/) },
      after: { cohort_id: target, cohort_name: targetName!.cohort_name },
    });

    // The receipt, sent again, names the cohort the seat is in now.
    expect((await call(receiptRoute, "receipt", order.orderId, { requestKey: randomUUID() })).status).toBe(200);
    const receipt = (await waitForMail(order.email, 2)).find((m) => m.subject !== COHORT_MOVED_SUBJECT)!;
    expect(receipt.text).toContain(targetName!.cohort_name);

    // Moving it where it already is changes nothing.
    expect((await call(moveRoute, "cohort", order.orderId, { cohortId: target })).body.data).toMatchObject({ moved: false });
    expect(await auditEntriesOf(sql, order.orderId)).toHaveLength(2);
  });

  it("respects the target's capacity: a full cohort is a 409 and the member stays where they were", async () => {
    const order = await guestOrder();
    const full = await createCohort(sql, { cap: 1, prospective: 1, participants: 1 });
    const answer = await call(moveRoute, "cohort", order.orderId, { cohortId: full });
    expect(answer).toEqual({ status: 409, body: { error: "This cohort is full", code: "cohort_full" } });
    expect(await cohortCounts(sql, order.cohortId)).toMatchObject({ prospective: 1, participants: 1, enrolled: 1 });
    expect(await cohortCounts(sql, full)).toMatchObject({ prospective: 1, participants: 1, enrolled: 0 });
    expect(await auditEntriesOf(sql, order.orderId)).toEqual([]);
    await jobsSettled(sql);
    expect(await outboxOf(order.orderId, "cohort-moved")).toEqual([]);
  });

  it("lets two operators fill the last seat once: the other move is a 409", async () => {
    const first = await guestOrder();
    const second = await guestOrder();
    const target = await createCohort(sql, { cap: 1 });
    const answers = await Promise.all([
      call(moveRoute, "cohort", first.orderId, { cohortId: target }),
      call(moveRoute, "cohort", second.orderId, { cohortId: target }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await cohortCounts(sql, target)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
  });

  it("refuses a cohort that has ended (409), one that does not exist (404) and bad input (422)", async () => {
    const order = await guestOrder();
    const ended = await createCohort(sql, { status: "completed", startsInDays: -60 });
    expect((await call(moveRoute, "cohort", order.orderId, { cohortId: ended })).status).toBe(409);
    expect((await call(moveRoute, "cohort", order.orderId, { cohortId: randomUUID() })).status).toBe(404);
    expect((await call(moveRoute, "cohort", order.orderId, { cohortId: "not-a-cohort" })).status).toBe(422);
    expect(await cohortCounts(sql, order.cohortId)).toMatchObject({ enrolled: 1 });
    const member = await signedInMember("move-member");
    expect((await call(moveRoute, "cohort", order.orderId, { cohortId: ended }, member.token)).status).toBe(403);
  });
});

describe("who may act on an order", () => {
  it("answers 403 to a visitor and a member on every order action, and changes nothing", async () => {
    const order = await guestOrder();
    const target = await createCohort(sql);
    const member = await signedInMember("order-actions-member");
    for (const token of [null, member.token]) {
      const answers = [
        await call(receiptRoute, "receipt", order.orderId, { requestKey: randomUUID() }, token),
        await call(setupLinkRoute, "setup-link", order.orderId, { requestKey: randomUUID() }, token),
        await call(moveRoute, "cohort", order.orderId, { cohortId: target }, token),
      ];
      for (const answer of answers)
        expect(answer).toEqual({ status: 403, body: { error: "This is for operators only.", code: "forbidden" } });
    }
    expect(await cohortCounts(sql, order.cohortId)).toMatchObject({ enrolled: 1 });
    expect(await sql`select 1 from public.email_outbox where order_id = ${order.orderId}`).toHaveLength(0);
    expect(await auditEntriesOf(sql, order.orderId)).toEqual([]);
  });
});
