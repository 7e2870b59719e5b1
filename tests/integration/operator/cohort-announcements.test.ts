import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as unsubscribeRoute } from "@/app/api/announcements/unsubscribe/route";
import { POST as previewRoute } from "@/app/api/operator/cohorts/[id]/announcements/preview/route";
import { POST as sendRoute } from "@/app/api/operator/cohorts/[id]/announcements/route";
import { POST as testRoute } from "@/app/api/operator/cohorts/[id]/announcements/test/route";
import { unsubscribeToken } from "@/server/announcements/unsubscribe-links";
import { listCohortAnnouncements } from "@/server/db/cohorts/cohort-announcements";
import { queueEmail } from "@/server/email/outbox";
import { db } from "@/server/db/client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { jobsSettled, outboxFor } from "../../fixtures/jobs";
import { auditEntriesOf, signedInOperator } from "../../fixtures/operators";
import { operatorCall } from "../../fixtures/operator-orders";
import { uniqueEmail } from "../../fixtures/auth-client";
import { createCohort, insertPaidOrder, signedInMember } from "../../fixtures/payments";

// An operator emails a cohort's paid participants through the outbox: a preview, a test to their
// own inbox, then the announcement, audited; every email carries an unsubscribe link that stops
// announcements, never receipts.
const sql = suiteSql();
const operator = await signedInOperator("announcer");

const ANNOUNCEMENT = { subject: "The start moves to 8 am", body: "Hello all,\nthe first call starts at 8 am.\n\nSee you there." };
type Call = typeof sendRoute;
const call = (route: Call, cohortId: string, suffix: string, body: unknown, token = operator.token) =>
  operatorCall(route, `/api/operator/cohorts/${cohortId}/announcements${suffix}`, { token, body, params: { id: cohortId } });
const unsubscribe = (body: unknown) => operatorCall(unsubscribeRoute, "/api/announcements/unsubscribe", { body });

/**
 * A cohort with paid seats for these addresses, each then confirmed by setting up its account (which
 * claims the seat, as the set-up link does), and one held seat (a waitlist offer) that is not a
 * participant. `unconfirmed` seats are paid for but their account was never set up.
 */
async function cohortWith(emails: string[], unconfirmed: string[] = []): Promise<string> {
  const cohortId = await createCohort(sql);
  for (const email of [...emails, ...unconfirmed]) await insertPaidOrder(sql, { userId: null, email, cohortId, seated: true });
  for (const email of new Set(emails.map((email) => email.toLowerCase()))) {
    await sql`insert into auth.users (email, aud, role, email_confirmed_at) values (${email}, 'authenticated', 'authenticated', now())`;
  }
  await sql`insert into public.cohort_seats (cohort_id, email, status, hold_expires_at) values (${cohortId}, ${uniqueEmail("held")}, 'held', now() + interval '1 day')`;
  return cohortId;
}

describe("an announcement to a cohort's participants", () => {
  it("previews the email and whom it reaches, sends a test to the operator only, then emails every paid participant once, audited", async () => {
    const [ada, ben, cal] = [uniqueEmail("ada"), uniqueEmail("ben"), uniqueEmail("cal")];
    // Cal paid but never set up the account: the address had its receipt, and is not confirmed. Ada
    // also paid a second seat under her address in capitals: one inbox, one email.
    const cohortId = await cohortWith([ada, ben], [cal, ada.toUpperCase()]);

    const preview = await call(previewRoute, cohortId, "/preview", ANNOUNCEMENT);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ subject: "The start moves to 8 am", recipients: 2, unsubscribed: 0, unconfirmed: 1 });
    expect((preview.body.data as { html: string }).html).toContain("the first call starts at 8 am.");
    expect((preview.body.data as { text: string }).text).toContain("Unsubscribe from announcements");
    expect(await outboxFor(sql, ada)).toEqual([]);

    expect((await call(testRoute, cohortId, "/test", ANNOUNCEMENT)).body.data).toEqual({ sentTo: operator.email });
    const [test] = await waitForMail(operator.email);
    expect(test!.subject).toBe("[Test] The start moves to 8 am");
    expect(test!.text).toContain("A test of the announcement: only you received it.");

    const sent = await call(sendRoute, cohortId, "", ANNOUNCEMENT);
    expect(sent.body.data).toMatchObject({ recipients: 2, unsubscribed: 0, unconfirmed: 1 });
    const [mail] = await waitForMail(ada);
    expect(mail!.subject).toBe("The start moves to 8 am");
    expect(mail!.text).toContain("See you there.");
    const link = mail!.links.find((href) => href.includes("/announcements/unsubscribe"))!;
    expect(new URL(link).searchParams.get("token")).toBe(unsubscribeToken(ada));
    await waitForMail(ben);
    await jobsSettled(sql);
    expect((await outboxFor(sql, ada)).map((row) => [row.kind, row.status])).toEqual([["cohort-announcement", "sent"]]);
    expect(await outboxFor(sql, cal)).toEqual([]);

    const [listed] = await listCohortAnnouncements(cohortId);
    expect(listed).toMatchObject({ subject: "The start moves to 8 am", sentBy: operator.email, recipients: 2 });
    expect((await auditEntriesOf(sql, cohortId)).map((entry) => [entry.action, entry.after])).toEqual([
      [
        "cohort.announce",
        { announcement_id: listed!.id, cohort_name: expect.any(String), subject: "The start moves to 8 am", recipients: 2 },
      ],
    ]);
  });

  it("leaves out an inbox that unsubscribed through its link, which still receives its receipts", async () => {
    const [stays, leaves] = [uniqueEmail("stays"), uniqueEmail("leaves")];
    const cohortId = await cohortWith([stays, leaves]);
    expect((await unsubscribe({ email: leaves, token: unsubscribeToken(leaves) })).body.data).toEqual({ status: "unsubscribed" });
    expect((await unsubscribe({ email: leaves, token: unsubscribeToken(leaves) })).body.data).toEqual({ status: "already-unsubscribed" });

    expect((await call(previewRoute, cohortId, "/preview", ANNOUNCEMENT)).body.data).toMatchObject({
      recipients: 1,
      unsubscribed: 1,
      unconfirmed: 0,
    });
    expect((await call(sendRoute, cohortId, "", ANNOUNCEMENT)).body.data).toMatchObject({ recipients: 1, unsubscribed: 1, unconfirmed: 0 });
    await jobsSettled(sql);
    expect((await outboxFor(sql, stays)).map((row) => row.kind)).toEqual(["cohort-announcement"]);
    expect(await outboxFor(sql, leaves)).toEqual([]);

    // A receipt is not an announcement: it still goes.
    const [order] = await sql<{ id: string }[]>`select id from orders where email = ${leaves}`;
    await db().begin((tx) => queueEmail(tx, { kind: "payment-confirmation", to: leaves, data: { orderId: order!.id } }));
    await jobsSettled(sql);
    expect((await outboxFor(sql, leaves)).map((row) => [row.kind, row.status])).toEqual([["payment-confirmation", "sent"]]);
  });

  it("refuses a link for another address, a made-up token and bad input (422), never a 500, unsubscribing nobody", async () => {
    const [victim, attacker] = [uniqueEmail("victim"), uniqueEmail("attacker")];
    for (const body of [
      { email: victim, token: unsubscribeToken(attacker) },
      { email: victim, token: "A".repeat(43) },
      { email: victim, token: "short" },
      { email: "not-an-address", token: unsubscribeToken(victim) },
      { email: `${victim}\u0000`, token: unsubscribeToken(victim) },
      { email: victim },
      {},
    ]) {
      const answer = await unsubscribe(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect(await sql`select 1 from announcement_unsubscribes where email_identity = ${victim}`).toHaveLength(0);
  });

  it("refuses a cohort with nobody to email (409), an unknown cohort (404), bad words (422), a member (403), sending nothing", async () => {
    // Its one participant never confirmed the address: nobody to email.
    const empty = await cohortWith([], [uniqueEmail("unconfirmed")]);
    expect(await call(sendRoute, empty, "", ANNOUNCEMENT)).toEqual({
      status: 409,
      body: { error: "There is nobody to email: no participant with a confirmed address who did not unsubscribe.", code: "conflict" },
    });
    expect((await call(sendRoute, randomUUID(), "", ANNOUNCEMENT)).status).toBe(404);
    expect((await call(previewRoute, randomUUID(), "/preview", ANNOUNCEMENT)).status).toBe(404);
    const cohortId = await cohortWith([uniqueEmail("kept")]);
    for (const body of [
      {},
      { subject: "", body: "x" },
      { subject: "x", body: "  " },
      { subject: "a\nb", body: "x" },
      { subject: "x".repeat(151), body: "x" },
      { subject: "x", body: "y".repeat(5001) },
      { subject: "x", body: "a\u0000b" },
    ]) {
      expect((await call(sendRoute, cohortId, "", body)).status, JSON.stringify(body)).toBe(422);
    }
    const member = await signedInMember("announce-member");
    for (const [route, suffix] of [
      [sendRoute, ""],
      [previewRoute, "/preview"],
      [testRoute, "/test"],
    ] as const) {
      expect((await call(route, cohortId, suffix, ANNOUNCEMENT, member.token)).status).toBe(403);
    }
    expect(await sql`select 1 from cohort_announcements where cohort_id in (${empty}, ${cohortId})`).toHaveLength(0);
    expect(await inboxFor(member.email)).toEqual([]);
  });
});
