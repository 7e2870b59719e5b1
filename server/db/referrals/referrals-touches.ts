import "server-only";
import type { LeadFlag, VisitFlag } from "@/lib/referrals/referral-ceilings";
import { db } from "../client";

/** A referral touch: which affiliate's link a visitor came through, and when first. */
export type ReferralTouch = { affiliateUserId: string; touchedAt: Date };

type TouchRow = { affiliate_user_id: string; touched_at: Date };
const toTouch = (row: TouchRow): ReferralTouch => ({ affiliateUserId: row.affiliate_user_id, touchedAt: row.touched_at });

export type NewVisit = { affiliateUserId: string; visitorId: string; clientKey: string | null; perAddress: number; perAffiliate: number };
/** A visit stored for the first time: flagged when it came past a daily ceiling. */
export type StoredVisit = { flaggedReason: VisitFlag | null };

/**
 * Stores a visit once per visitor and affiliate (null when it was stored before). Past the
 * ceilings of the UTC day (counted visits from this client address, counted visits in all) it is
 * kept with the reason and counts nothing. The affiliate's visits take turns, so concurrent visits
 * cannot all slip under a ceiling.
 */
export async function insertVisit(visit: NewVisit): Promise<StoredVisit | null> {
  return db().begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`referral-visits:${visit.affiliateUserId}`}, 0))`;
    const rows = await tx<{ flagged_reason: VisitFlag | null }[]>`
      insert into public.referral_visits (affiliate_user_id, visitor_id, client_key, flagged_reason)
      select ${visit.affiliateUserId}, ${visit.visitorId}, ${visit.clientKey}, case
        when ${visit.clientKey}::text is not null and (
          select count(*) from public.referral_visits
          where affiliate_user_id = ${visit.affiliateUserId} and client_key = ${visit.clientKey} and flagged_reason is null
            and first_seen_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') >= ${visit.perAddress} then 'address_daily_ceiling'
        when (
          select count(*) from public.referral_visits
          where affiliate_user_id = ${visit.affiliateUserId} and flagged_reason is null
            and first_seen_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') >= ${visit.perAffiliate} then 'affiliate_daily_ceiling'
      end
      on conflict do nothing
      returning flagged_reason`;
    const [row] = rows;
    return row ? { flaggedReason: row.flagged_reason } : null;
  });
}

/** The visitor's touches since a time, first touch first. */
export async function visitorTouches(visitorId: string, since: Date): Promise<ReferralTouch[]> {
  const rows = await db()<TouchRow[]>`
    select affiliate_user_id, first_seen_at as touched_at from public.referral_visits
    where visitor_id = ${visitorId} and first_seen_at >= ${since}
    order by first_seen_at, affiliate_user_id`;
  return rows.map(toTouch);
}

/** The referral that brought this account, if one did. */
export async function getLead(userId: string): Promise<ReferralTouch | null> {
  const [row] = await db()<TouchRow[]>`
    select affiliate_user_id, touched_at from public.referral_leads where referred_user_id = ${userId}`;
  return row ? toTouch(row) : null;
}

/**
 * Records the account as the affiliate's lead unless one is recorded already (first touch stays);
 * past the affiliate's ceiling of counted leads that UTC day it is kept flagged. False when the
 * account already had its lead.
 */
export async function insertLead(userId: string, touch: ReferralTouch, perAffiliate: number): Promise<boolean> {
  return db().begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`referral-leads:${touch.affiliateUserId}`}, 0))`;
    const rows = await tx<{ flagged_reason: LeadFlag | null }[]>`
      insert into public.referral_leads (referred_user_id, affiliate_user_id, touched_at, flagged_reason)
      select ${userId}, ${touch.affiliateUserId}, ${touch.touchedAt}, case
        when (
          select count(*) from public.referral_leads
          where affiliate_user_id = ${touch.affiliateUserId} and flagged_reason is null
            and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') >= ${perAffiliate} then 'affiliate_daily_ceiling'
      end
      on conflict do nothing
      returning flagged_reason`;
    return rows.length === 1;
  });
}

/** When the account was created and whether it is anonymous (null when it no longer exists). */
export async function accountForLead(userId: string): Promise<{ createdAt: Date; isAnonymous: boolean } | null> {
  const [row] = await db()<{ created_at: Date; is_anonymous: boolean }[]>`
    select created_at, coalesce(is_anonymous, false) as is_anonymous from auth.users where id = ${userId}`;
  return row ? { createdAt: row.created_at, isAnonymous: row.is_anonymous } : null;
}
