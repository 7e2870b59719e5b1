import "server-only";
import { db } from "./client";

/** A referral touch: which affiliate's link a visitor came through, and when first. */
export type ReferralTouch = { affiliateUserId: string; touchedAt: Date };

type TouchRow = { affiliate_user_id: string; touched_at: Date };
const toTouch = (row: TouchRow): ReferralTouch => ({ affiliateUserId: row.affiliate_user_id, touchedAt: row.touched_at });

/** Counts a visit once per visitor and affiliate: true only the first time. */
export async function insertVisit(affiliateUserId: string, visitorId: string): Promise<boolean> {
  const rows = await db()`
    insert into public.referral_visits (affiliate_user_id, visitor_id) values (${affiliateUserId}, ${visitorId})
    on conflict do nothing
    returning visitor_id`;
  return rows.length === 1;
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

/** Records the account as the affiliate's lead unless one is recorded already (first touch stays). */
export async function insertLead(userId: string, touch: ReferralTouch): Promise<boolean> {
  const rows = await db()`
    insert into public.referral_leads (referred_user_id, affiliate_user_id, touched_at)
    values (${userId}, ${touch.affiliateUserId}, ${touch.touchedAt})
    on conflict do nothing
    returning referred_user_id`;
  return rows.length === 1;
}

/** When the account was created (null when it no longer exists). */
export async function accountCreatedAt(userId: string): Promise<Date | null> {
  const [row] = await db()<{ created_at: Date }[]>`select created_at from auth.users where id = ${userId}`;
  return row?.created_at ?? null;
}
