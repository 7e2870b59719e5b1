import type { Sql } from "postgres";
import { POST as joinPOST } from "@/app/api/cohorts/[id]/waitlist/route";
import { POST as confirmPOST } from "@/app/api/waitlist/confirmations/route";
import { confirmationToken } from "@/server/campaign/confirmation-link";
import { offerToken } from "@/server/waitlist/waitlist-links";
import { createCohort } from "../../fixtures/payments";
import { campaignPost, freshAddress } from "../campaign/campaign-request";

// Waitlist: the calls a visitor's browser makes, and what the database says about a queue.

export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

type Answer = { status: number; body: { data?: unknown; error?: string; code?: string; details?: { path: string; message: string }[] } };

/** POST /api/cohorts/{id}/waitlist from a browser on the site (its own client address unless given), signed in with `token` if given. */
export async function join(cohortId: string, body: unknown, address = freshAddress(), token?: string): Promise<Answer> {
  const request = campaignPost(`/api/cohorts/${cohortId}/waitlist`, body, address);
  if (token) request.headers.set("authorization", `Bearer ${token}`);
  const response = await joinPOST(request, { params: Promise.resolve({ id: cohortId }) });
  return { status: response.status, body: await response.json() };
}

/** POST /api/waitlist/confirmations with a link's token. */
export async function confirm(token: unknown, address = freshAddress()): Promise<Answer> {
  const response = await confirmPOST(campaignPost("/api/waitlist/confirmations", { token }, address));
  return { status: response.status, body: await response.json() };
}

/** The token of the latest confirmation link an address was sent, as its email carries it. */
export async function latestConfirmationToken(sql: Sql, email: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select id from address_confirmations where email = ${email.toLowerCase()} order by created_at desc limit 1`;
  if (!row) throw new Error(`${email} was sent no confirmation`);
  return confirmationToken(row.id);
}

/** A cohort whose every place is paid for (its counters say so), starting in 20 days. */
export function fullCohort(sql: Sql, cap = 1): Promise<string> {
  return createCohort(sql, { cap, participants: cap, prospective: cap });
}

/** Joins and confirms each address in turn: the cohort's queue, in this order. */
export async function waitlisted(sql: Sql, cohortId: string, emails: string[]): Promise<void> {
  for (const email of emails) {
    const joined = await join(cohortId, { email });
    if (joined.status !== 202) throw new Error(`joining ${email}: ${joined.status} ${JSON.stringify(joined.body)}`);
    const confirmed = await confirm(await latestConfirmationToken(sql, email));
    if (confirmed.status !== 200) throw new Error(`confirming ${email}: ${confirmed.status}`);
  }
}

export type QueueRow = { email: string; queue_number: number; state: string; seat_id: string | null };

/** The cohort's waitlist in queue order. */
export function queueOf(sql: Sql, cohortId: string): Promise<QueueRow[]> {
  return sql<
    QueueRow[]
  >`select email, queue_number, state, seat_id from cohort_waitlist where cohort_id = ${cohortId} order by queue_number`;
}

/** The claim link token of an address's offer in a cohort (the one its offer email carries). */
export async function claimTokenOf(sql: Sql, cohortId: string, email: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select id from cohort_waitlist where cohort_id = ${cohortId} and email = ${email.toLowerCase()} and offered_at is not null
    order by queue_number desc limit 1`;
  if (!row) throw new Error(`${email} has no offer in ${cohortId}`);
  return offerToken(row.id);
}

/** Makes an address's offer older than its 24 hours (its seat's hold with it, when no checkout holds it). */
export async function lapseOffer(sql: Sql, cohortId: string, email: string): Promise<void> {
  await sql`
    update cohort_waitlist set offered_at = now() - interval '25 hours', offer_expires_at = now() - interval '1 hour'
    where cohort_id = ${cohortId} and email = ${email.toLowerCase()} and state = 'offered'`;
  await sql`
    update cohort_seats s set hold_expires_at = now() - interval '1 hour'
    from cohort_waitlist w where w.seat_id = s.id and w.cohort_id = ${cohortId} and w.email = ${email.toLowerCase()} and s.order_id is null`;
}
