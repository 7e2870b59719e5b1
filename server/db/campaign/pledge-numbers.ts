import "server-only";
import type { TransactionSql } from "postgres";
import { db, type Executor } from "../client";

// D6: pledge numbers without gaps, given in batches. A confirmed pledge is kept without a number
// (savePledge); one transaction at a time, holding the numbering, gives every pledge waiting the
// next numbers after the highest, in the order they were confirmed. Only that transaction writes
// numbers, and it reads the highest once it holds the numbering, so no number is given twice or
// skipped; one that fails gives none (its pledges wait for the next).

export type NumberedPledge = { id: string; pledgeNumber: number; name: string; email: string; confirmationId: string | null };

/**
 * Holds the numbering until the caller's transaction ends, if no other transaction holds it (then
 * false at once: that one numbers what waits, or the caller tries again).
 */
export async function tryHoldPledgeNumbering(tx: TransactionSql): Promise<boolean> {
  const [row] = await tx<{ held: boolean }[]>`select pg_try_advisory_xact_lock(hashtextextended('campaign-pledge-numbering', 0)) as held`;
  return row?.held === true;
}

/**
 * Numbers up to `limit` waiting pledges, oldest first, after the highest number; the caller holds
 * the numbering (tryHoldPledgeNumbering), and this statement starts after it got it, so it sees every
 * number given before. Answers the pledges numbered, lowest number first.
 */
export async function numberWaitingPledges(tx: TransactionSql, limit: number): Promise<NumberedPledge[]> {
  const rows = await tx<{ id: string; pledge_number: number; name: string; email: string; confirmation_id: string | null }[]>`
    with highest as (select coalesce(max(pledge_number), 0) as number from public.campaign_pledges),
      waiting as (
        select id, row_number() over (order by created_at, id) as place
        from public.campaign_pledges where pledge_number is null
        order by created_at, id
        limit ${limit}
      )
    update public.campaign_pledges p set pledge_number = highest.number + waiting.place
    from waiting, highest
    where p.id = waiting.id
    returning p.id, p.pledge_number::int, p.name, p.email, p.confirmation_id`;
  return rows
    .map((r) => ({ id: r.id, pledgeNumber: r.pledge_number, name: r.name, email: r.email, confirmationId: r.confirmation_id }))
    .sort((a, b) => a.pledgeNumber - b.pledgeNumber);
}

/** A pledge's number; null while it waits for one (or when there is no such pledge). */
export async function pledgeNumberOf(id: string, executor: Executor = db()): Promise<number | null> {
  const [row] = await executor<{ pledge_number: number | null }[]>`
    select pledge_number::int from public.campaign_pledges where id = ${id}`;
  return row?.pledge_number ?? null;
}

/**
 * D18: a pledge's confirmation link used, in one statement (its own transaction): the link is
 * marked used and the pledge kept without a number, when the link is a pledge's, unused and
 * unexpired, and its address has no pledge yet. Null when any of that is not so (nothing is
 * written: the caller then reads the link as it is). `pledgeId` is null when another link of the
 * same address kept the address's pledge at the same moment (this link is used all the same).
 */
export async function keepPledgeOfLink(tokenHash: string): Promise<{ emailIdentity: string; pledgeId: string | null } | null> {
  const [row] = await db()<{ email_identity: string; pledge_id: string | null }[]>`
    with confirmed as (
      update public.address_confirmations c set confirmed_at = now()
      where c.token_hash = ${tokenHash} and c.purpose = 'pledge' and c.confirmed_at is null and c.expires_at > now()
        and not exists (select 1 from public.campaign_pledges p where p.email_identity = c.email_identity)
      returning c.id, c.name, c.email, c.email_identity
    ),
    kept as (
      insert into public.campaign_pledges (name, email, email_identity, confirmation_id)
      select name, email, email_identity, id from confirmed
      on conflict (email_identity) do nothing
      returning id
    )
    select confirmed.email_identity, kept.id as pledge_id from confirmed left join kept on true`;
  return row ? { emailIdentity: row.email_identity, pledgeId: row.pledge_id } : null;
}
