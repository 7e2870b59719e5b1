import { describe, expect, it } from "vitest";
import { POST as pledgePOST } from "@/app/api/campaign/pledges/route";
import { POST as editCohort } from "@/app/api/operator/cohorts/[id]/route";
import { passLapsedWaitlistOffers } from "@/server/scheduled/lapsed-waitlist-offers";
import { suiteSql } from "../../fixtures/db";
import { callRoute, signedInOperator } from "../../fixtures/operators";
import {
  checkoutBody,
  cohortCounts,
  payAtStripe,
  postCheckout,
  signedInMember,
  suiteWebhookEndpoint,
  eventually,
} from "../../fixtures/payments";
import { campaignPost, freshAddress } from "../campaign/campaign-request";
import {
  claimTokenOf,
  confirm,
  fullCohort,
  join,
  lapseOffer,
  latestConfirmationToken,
  queueOf,
  uniqueEmail,
  waitlisted,
} from "./waitlist-calls";

// Attacks on the waitlist: one client address and one catch-all domain cornering a full cohort's
// freed places, a claim link used by someone it was not sent to, and a stranger spending the
// per-inbox confirmation budget so that a person's own join records nothing.

const sql = suiteSql();
suiteWebhookEndpoint();
const operator = await signedInOperator("waitlist-corner-op");

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const catchAll = () => `catchall${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}.example`;
const states = async (cohortId: string) => (await queueOf(sql, cohortId)).map((row) => [row.email, row.state]);

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
}

/** Joins from a given client address and confirms the link; the join's answer. */
async function joinAndConfirm(cohortId: string, email: string, address: string) {
  const joined = await join(cohortId, { email }, address);
  if (joined.status === 202) await confirm(await latestConfirmationToken(sql, email), address);
  return joined;
}

describe("a catch-all domain cornering a full cohort", () => {
  it("one client address queues at most two entries per cohort; a capacity raise of one reaches the honest person within two lapses", async () => {
    const cohortId = await fullCohort(sql);
    const attacker = freshAddress();
    const domain = catchAll();
    const [a1, a2, a3] = [`one@${domain}`, `two@${domain}`, `three@${domain}`];
    expect((await joinAndConfirm(cohortId, a1, attacker)).status).toBe(202);
    expect((await joinAndConfirm(cohortId, a2, attacker)).status).toBe(202);
    const third = await joinAndConfirm(cohortId, a3, attacker);
    expect(third).toMatchObject({ status: 409, body: { code: "conflict", error: expect.stringContaining("one connection") } });
    const honest = uniqueEmail("honest");
    await waitlisted(sql, cohortId, [honest]);
    expect(await states(cohortId)).toEqual([
      [a1, "waiting"],
      [a2, "waiting"],
      [honest, "waiting"],
    ]);

    await raiseCapacity(cohortId, 2);
    expect(await states(cohortId)).toEqual([
      [a1, "offered"],
      [a2, "waiting"],
      [honest, "waiting"],
    ]);
    await lapseOffer(sql, cohortId, a1);
    await passLapsedWaitlistOffers();
    await lapseOffer(sql, cohortId, a2);
    await passLapsedWaitlistOffers();
    expect(await states(cohortId)).toEqual([
      [a1, "passed"],
      [a2, "passed"],
      [honest, "offered"],
    ]);
  });

  it("a domain that is no public mailbox provider holds at most three live entries per cohort, from any number of client addresses", async () => {
    const cohortId = await fullCohort(sql);
    const domain = catchAll();
    const answers = [];
    for (const name of ["a", "b", "c", "d"]) answers.push((await joinAndConfirm(cohortId, `${name}@${domain}`, freshAddress())).status);
    expect(answers).toEqual([202, 202, 202, 409]);
    // A subdomain of the same domain is the same domain.
    expect((await joinAndConfirm(cohortId, `e@mx.${domain}`, freshAddress())).status).toBe(409);
    expect(await queueOf(sql, cohortId)).toHaveLength(3);
    // Public mailbox providers are not capped by domain: many people share gmail.com.
    const gmail = [];
    for (let i = 0; i < 4; i++) gmail.push((await joinAndConfirm(cohortId, `corner.${Date.now()}.${i}@gmail.com`, freshAddress())).status);
    expect(gmail).toEqual([202, 202, 202, 202]);
    expect(await queueOf(sql, cohortId)).toHaveLength(7);
  });

  it("joins sent at once from one client address still find room for two only", async () => {
    const cohortId = await fullCohort(sql);
    const attacker = freshAddress();
    const domain = catchAll();
    const answers = await Promise.all(["w", "x", "y", "z"].map((name) => join(cohortId, { email: `${name}@${domain}` }, attacker)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 409, 409]);
    expect(await sql`select 1 from address_confirmations where cohort_id = ${cohortId}`).toHaveLength(2);
  });
});

describe("a claim link in someone else's hands", () => {
  async function offeredTo(email: string) {
    const cohortId = await fullCohort(sql);
    await waitlisted(sql, cohortId, [email]);
    await raiseCapacity(cohortId, 2);
    return { cohortId, token: await claimTokenOf(sql, cohortId, email) };
  }

  it("a stranger signed in under another address is refused, and the offer stays offered", async () => {
    const victim = uniqueEmail("victim");
    const { cohortId, token } = await offeredTo(victim);
    const stranger = await signedInMember("stranger");
    const before = await cohortCounts(sql, cohortId);

    const tried = await postCheckout(checkoutBody(cohortId, { waitlistClaimToken: token }), { token: stranger.token });
    expect(tried).toMatchObject({
      status: 403,
      json: {
        code: "forbidden",
        error: "This place is held for the address the offer was sent to. Sign in with that address, or sign out, to claim it.",
        details: [{ path: "waitlistClaimToken" }],
      },
    });
    expect(await states(cohortId)).toEqual([[victim, "offered"]]);
    expect(await cohortCounts(sql, cohortId)).toEqual(before);
    expect(await sql`select 1 from orders where cohort_id = ${cohortId} and status = 'pending'`).toEqual([]);
  });

  it("paying through the link signed out pays for the waitlisted address: the seat is hers, never the payer's", async () => {
    const victim = uniqueEmail("victim.out");
    const { cohortId, token } = await offeredTo(victim);
    const opened = await postCheckout(checkoutBody(cohortId, { waitlistClaimToken: token }));
    expect(opened.status).toBe(200);
    await payAtStripe(opened.json.data!.sessionId, { email: uniqueEmail("stranger.pays") });
    await eventually(async () => expect(await states(cohortId)).toEqual([[victim, "claimed"]]));
    const [seat] = await sql<{ email: string }[]>`
      select s.email from cohort_seats s join cohort_waitlist w on w.seat_id = s.id where w.cohort_id = ${cohortId}`;
    expect(seat?.email).toBe(victim);
  });

  it("the rightful member's open checkout is not replaced by a checkout someone else opens with her link", async () => {
    const member = await signedInMember("rightful");
    const { cohortId, token } = await offeredTo(member.email);
    const hers = await postCheckout(checkoutBody(cohortId, { waitlistClaimToken: token }), { token: member.token });
    expect(hers.status).toBe(200);
    const other = await postCheckout(checkoutBody(cohortId, { waitlistClaimToken: token }));
    expect(other).toMatchObject({ status: 409, json: { details: [{ path: "waitlistClaimToken" }] } });
    const [order] = await sql<{ status: string; replaced_at: Date | null }[]>`
      select status, replaced_at from orders where stripe_checkout_session_id = ${hers.json.data!.sessionId}`;
    expect(order).toEqual({ status: "pending", replaced_at: null });
  });
});

describe("a stranger spending someone's confirmation budget", () => {
  it("a pledge in her name does not stop her own waitlist join from sending its link", async () => {
    const cohortId = await fullCohort(sql);
    const victim = uniqueEmail("victim.budget");
    await pledgePOST(campaignPost("/api/campaign/pledges", { name: "Mallory", email: victim }, freshAddress()));
    expect((await join(cohortId, { email: victim })).status).toBe(202);
    await confirm(await latestConfirmationToken(sql, victim));
    expect(await states(cohortId)).toEqual([[victim, "waiting"]]);
  });

  it("a signed-in member joins at once, without the email round trip, whatever strangers asked in her name", async () => {
    const cohortId = await fullCohort(sql);
    const member = await signedInMember("member.joins");
    await pledgePOST(campaignPost("/api/campaign/pledges", { name: "Mallory", email: member.email }, freshAddress()));
    expect((await join(cohortId, { email: member.email }, freshAddress())).status).toBe(202);

    const joined = await join(cohortId, { email: member.email }, freshAddress(), member.token);
    expect(joined).toEqual({ status: 202, body: { data: { received: true, queued: true } } });
    expect(await states(cohortId)).toEqual([[member.email, "waiting"]]);
    const [entry] = await sql<{ user_id: string | null }[]>`select user_id from cohort_waitlist where cohort_id = ${cohortId}`;
    expect(entry?.user_id).toBe(member.userId);
    // Another address, signed in or not, is asked to confirm it first.
    const someoneElse = uniqueEmail("not.mine");
    expect(await join(cohortId, { email: someoneElse }, freshAddress(), member.token)).toEqual({
      status: 202,
      body: { data: { received: true } },
    });
    expect(await states(cohortId)).toEqual([[member.email, "waiting"]]);
  });
});
