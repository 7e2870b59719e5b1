import { describe, expect, it } from "vitest";
import { POST as campaignConfirmPOST } from "@/app/api/campaign/confirmations/route";
import { POST as pledgePOST } from "@/app/api/campaign/pledges/route";
import { countWaiting } from "@/server/db/waitlist/waitlist-lists";
import { releaseLapsedSeatHolds } from "@/server/scheduled/lapsed-seat-holds";
import { cohortWaitlistPage } from "@/server/operator/waitlist";
import { suiteSql } from "../../fixtures/db";
import { waitForMail, type InboxMessage } from "../../fixtures/inbox";
import { jobsSettled, outboxFor } from "../../fixtures/jobs";
import { cohortCounts, createCohort, openCheckout } from "../../fixtures/payments";
import { campaignPost, freshAddress } from "../campaign/campaign-request";
import { confirm, fullCohort, join, latestConfirmationToken, queueOf, uniqueEmail, waitlisted } from "./waitlist-calls";

// Waitlist: "Join the waitlist" on a full cohort takes an email, confirmed (D18), and the
// confirmed address queues. Real PostgreSQL, the job engine and the mail catcher.

const sql = suiteSql();
const RECEIVED = { data: { received: true } };

/** The token in a waitlist confirmation email's link. */
function tokenOf(mail: InboxMessage | undefined): string {
  const link = mail?.links.find((l) => l.startsWith("http://localhost:3000/waitlist/confirm?token="));
  if (!link) throw new Error(`no waitlist confirmation link in ${JSON.stringify(mail)}`);
  return new URL(link).searchParams.get("token") ?? "";
}

describe("joining a full cohort's waitlist", () => {
  it("emails one confirmation with nothing the visitor typed, and queues the address only once the link is used", async () => {
    const cohortId = await fullCohort(sql);
    const email = uniqueEmail("Wendy");
    expect(await join(cohortId, { email: `  ${email.toUpperCase()} ` })).toEqual({ status: 202, body: RECEIVED });
    await jobsSettled(sql);
    const [mail, ...more] = await waitForMail(email.toLowerCase());
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Confirm your place on the waitlist");
    expect(mail?.text).toContain(`Test cohort ${cohortId.slice(0, 8)}`);
    expect(await queueOf(sql, cohortId)).toEqual([]);

    const confirmed = await confirm(tokenOf(mail));
    expect(confirmed).toEqual({ status: 200, body: { data: { status: "confirmed", cohortName: `Test cohort ${cohortId.slice(0, 8)}` } } });
    expect(await queueOf(sql, cohortId)).toEqual([{ email: email.toLowerCase(), queue_number: 1, state: "waiting", seat_id: null }]);
    // Using the link again changes nothing.
    expect((await confirm(tokenOf(mail))).body).toEqual({
      data: { status: "already-confirmed", cohortName: `Test cohort ${cohortId.slice(0, 8)}` },
    });
    expect(await queueOf(sql, cohortId)).toHaveLength(1);
  });

  it("numbers the queue in the order addresses confirm", async () => {
    const cohortId = await fullCohort(sql);
    const [early, late] = [uniqueEmail("early"), uniqueEmail("late")];
    expect((await join(cohortId, { email: early })).status).toBe(202);
    expect((await join(cohortId, { email: late })).status).toBe(202);
    await confirm(await latestConfirmationToken(sql, late));
    await confirm(await latestConfirmationToken(sql, early));
    expect((await queueOf(sql, cohortId)).map((row) => [row.email, row.queue_number])).toEqual([
      [late, 1],
      [early, 2],
    ]);
  });

  it("answers the same whether the address is new, waiting or sent its link already, and keeps one entry per inbox", async () => {
    const cohortId = await fullCohort(sql);
    const email = uniqueEmail("same.answer");
    const first = await join(cohortId, { email });
    const again = await join(cohortId, { email });
    expect(again).toEqual(first);
    await confirm(await latestConfirmationToken(sql, email));
    // A day later the same inbox, written another way, asks again and confirms again.
    await sql`update address_confirmations set created_at = now() - interval '25 hours' where email = ${email}`;
    const [local, domain] = email.split("@");
    const variant = `${local!.toUpperCase()}+again@${domain}`;
    expect(await join(cohortId, { email: variant })).toEqual(first);
    expect((await confirm(await latestConfirmationToken(sql, variant))).body).toMatchObject({ data: { status: "confirmed" } });
    expect(await queueOf(sql, cohortId)).toEqual([{ email, queue_number: 1, state: "waiting", seat_id: null }]);
    // One confirmation email a day per inbox (D18): the second join on the first day sent none.
    await jobsSettled(sql);
    expect((await outboxFor(sql, email)).map((row) => row.kind)).toEqual(["waitlist-confirmation"]);
  });

  it("never offers a place to an address that has not confirmed", async () => {
    const cohortId = await createCohort(sql, { cap: 2 });
    const { sessionId } = await openCheckout(cohortId);
    // A second buyer without a hold takes the last place when paid; here its counters stand in.
    await sql`update cohorts set participant_count = 1, prospective_participant_count = 2 where id = ${cohortId}`;
    const email = uniqueEmail("unconfirmed");
    expect((await join(cohortId, { email })).status).toBe(202);
    await sql`update cohort_seats set hold_expires_at = now() - interval '1 minute'
      where order_id = (select id from orders where stripe_checkout_session_id = ${sessionId})`;

    await releaseLapsedSeatHolds();

    expect(await cohortCounts(sql, cohortId)).toMatchObject({ prospective: 1, held: 0 });
    expect(await queueOf(sql, cohortId)).toEqual([]);
    await jobsSettled(sql);
    expect((await outboxFor(sql, email)).map((row) => row.kind)).toEqual(["waitlist-confirmation"]);
  });
});

describe("what the waitlist refuses", () => {
  it("a cohort with a free place (409), a started or closed one (422) and one that does not exist (404)", async () => {
    const open = await createCohort(sql, { cap: 5 });
    expect(await join(open, { email: uniqueEmail("free") })).toMatchObject({
      status: 409,
      body: { code: "conflict", error: "A place is free in this cohort again. Choose it to continue." },
    });
    const started = await createCohort(sql, { cap: 1, participants: 1, prospective: 1, startsInDays: -1, status: "active" });
    expect(await join(started, { email: uniqueEmail("started") })).toMatchObject({
      status: 422,
      body: { error: "This cohort has already started. Please choose another one." },
    });
    const closed = await fullCohort(sql);
    await sql`update cohorts set closed_at = now() where id = ${closed}`;
    expect(await join(closed, { email: uniqueEmail("closed") })).toMatchObject({
      status: 422,
      body: { error: "This cohort is closed to new participants. Please choose another one." },
    });
    expect((await join("00000000-0000-4000-8000-000000000000", { email: uniqueEmail("none") })).status).toBe(404);
    expect(await sql`select 1 from address_confirmations where cohort_id in (${open}, ${started}, ${closed})`).toEqual([]);
  });

  it("input that is not an address, not a cohort id, or carries a NUL byte is a 4xx, never a 500", async () => {
    const cohortId = await fullCohort(sql);
    expect(await join(cohortId, { email: "not-an-address" })).toMatchObject({
      status: 422,
      body: { details: [{ path: "email", message: "Please enter a valid email address." }] },
    });
    expect((await join(cohortId, { email: "nul\u0000@example.com" })).status).toBe(422);
    expect((await join(cohortId, "{ not json")).status).toBe(400);
    expect((await join("not-a-uuid", { email: uniqueEmail("bad.id") })).status).toBe(422);
    expect((await confirm("nul\u0000".padEnd(43, "a"))).status).toBe(422);
    expect((await confirm("short")).status).toBe(422);
  });

  it("floods from one client address stop at 5 requests in 10 minutes (429), with nothing more sent", async () => {
    // One cohort each, so that each cohort's share for one client address (two) is not what stops them.
    const cohorts = [];
    for (let i = 0; i < 7; i++) cohorts.push(await fullCohort(sql));
    const address = freshAddress();
    const answers = [];
    for (const [i, cohortId] of cohorts.entries())
      answers.push((await join(cohortId, { email: uniqueEmail(`flood${i}`) }, address)).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from address_confirmations where cohort_id in ${sql(cohorts)}`;
    expect(row!.n).toBe(5);
  });

  it("a guessed token confirms nothing, and a campaign link and a waitlist link each work only on their own page", async () => {
    const cohortId = await fullCohort(sql);
    expect((await confirm("A".repeat(43))).body).toEqual({ data: { status: "invalid", cohortName: null } });

    const email = uniqueEmail("crossed");
    await join(cohortId, { email });
    const waitlistToken = await latestConfirmationToken(sql, email);
    const asCampaign = await campaignConfirmPOST(campaignPost("/api/campaign/confirmations", { token: waitlistToken }, freshAddress()));
    expect(await asCampaign.json()).toEqual({ data: { status: "invalid", purpose: null, pledge: null } });
    expect(await queueOf(sql, cohortId)).toEqual([]);

    const pledger = uniqueEmail("pledger");
    await pledgePOST(campaignPost("/api/campaign/pledges", { name: "Pat", email: pledger }, freshAddress()));
    expect((await confirm(await latestConfirmationToken(sql, pledger))).body).toEqual({ data: { status: "invalid", cohortName: null } });
    expect(await sql`select 1 from campaign_pledges where email = ${pledger}`).toEqual([]);
  });

  it("an expired confirmation link queues nobody", async () => {
    const cohortId = await fullCohort(sql);
    const email = uniqueEmail("expired");
    await join(cohortId, { email });
    await sql`update address_confirmations set created_at = now() - interval '4 days', expires_at = now() - interval '1 hour' where email = ${email}`;
    expect((await confirm(await latestConfirmationToken(sql, email))).body).toEqual({ data: { status: "invalid", cohortName: null } });
    expect(await queueOf(sql, cohortId)).toEqual([]);
  });

  it("keeps joins of different addresses apart: waitlisting many does not mix queues", async () => {
    const a = await fullCohort(sql);
    const b = await fullCohort(sql);
    const [x, y] = [uniqueEmail("x"), uniqueEmail("y")];
    await waitlisted(sql, a, [x]);
    await waitlisted(sql, b, [y]);
    expect((await queueOf(sql, a)).map((r) => r.email)).toEqual([x]);
    expect((await queueOf(sql, b)).map((r) => r.email)).toEqual([y]);
  });
});

describe("what operators see", () => {
  it("the queue a page at a time in queue order, and how many wait in each cohort", async () => {
    const cohortId = await fullCohort(sql);
    const other = await fullCohort(sql);
    await sql`
      insert into cohort_waitlist (cohort_id, queue_number, email, email_identity, joined_at)
      select ${cohortId}, n, 'queued' || n || '@example.com', 'queued' || n || '@example.com', now() - interval '1 hour'
      from generate_series(1, 55) n`;
    const first = await cohortWaitlistPage(cohortId, null);
    expect(first.rows.map((entry) => entry.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(first.rows[0]).toMatchObject({ email: "queued1@example.com", state: "waiting", offerExpiresAt: null });
    expect(first.next).toEqual([50, first.rows[49]!.id]);
    const second = await cohortWaitlistPage(cohortId, first.next);
    expect(second.rows.map((entry) => entry.position)).toEqual([51, 52, 53, 54, 55]);
    expect(second.next).toBeNull();
    // A cursor that is not a position reads the first page.
    expect((await cohortWaitlistPage(cohortId, ["x", "y"])).rows[0]?.position).toBe(1);
    expect(await countWaiting([cohortId, other])).toEqual(
      new Map([
        [cohortId, 55],
        [other, 0],
      ]),
    );
  });
});
