import "server-only";
import type { TransactionSql } from "postgres";
import type { OrgType, RecordedStoryFormat, Region } from "@/lib/campaign/campaign-options";

// D18: pledges, partner pledges, requests to record a story and to join a cohort's waitlist, waiting
// for their address to confirm them in address_confirmations (supabase/migrations: made by
// 20261127200000_campaign_confirmations.sql, widened by 20261127700000_story_contact_confirmations.sql
// and 20261127800500_cohort_waitlist.sql, renamed by 20261129062000_address_confirmations.sql).

export type ConfirmationPurpose = PendingSubmission["purpose"];

export type PendingSubmission =
  | { purpose: "pledge"; name: string; email: string }
  | { purpose: "partner"; name: string; email: string; orgName: string; orgType: OrgType; region: Region }
  | { purpose: "story-contact"; email: string; format: RecordedStoryFormat }
  | { purpose: "waitlist"; email: string; cohortId: string; clientKey: string | null; shareDomain: string | null };

export type ConfirmationRow = PendingSubmission & {
  id: string;
  emailIdentity: string;
  expired: boolean;
  confirmedAt: Date | null;
  createdAt: Date;
};

/**
 * Holds the address's confirmation ledger until the caller's transaction ends, so two requests for
 * one address at once cannot both find room under its limit.
 */
export async function lockAddressLedger(tx: TransactionSql, emailIdentity: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`campaign-confirmation:${emailIdentity}`}, 0))`;
}

/**
 * How many confirmation emails the address was sent in the last day and in the last week, within
 * one budget: the campaign forms share one, and each cohort's waitlist has its own.
 */
export async function recentConfirmations(
  tx: TransactionSql,
  emailIdentity: string,
  budget: { waitlistCohortId: string | null },
): Promise<{ day: number; week: number }> {
  const cohortId = budget.waitlistCohortId;
  const [row] = await tx<{ day: number; week: number }[]>`
    select count(*) filter (where created_at > now() - interval '1 day')::int as day, count(*)::int as week
    from public.address_confirmations
    where email_identity = ${emailIdentity} and created_at > now() - interval '7 days'
      and ${cohortId === null ? tx`purpose <> 'waitlist'` : tx`purpose = 'waitlist' and cohort_id = ${cohortId}`}`;
  return { day: row?.day ?? 0, week: row?.week ?? 0 };
}

export async function insertConfirmation(
  tx: TransactionSql,
  row: { id: string; tokenHash: string; emailIdentity: string; ttlHours: number; submission: PendingSubmission },
): Promise<void> {
  const s = row.submission;
  const partner = s.purpose === "partner" ? s : null;
  const story = s.purpose === "story-contact" ? s : null;
  const name = s.purpose === "pledge" || s.purpose === "partner" ? s.name : null;
  const waitlist = s.purpose === "waitlist" ? s : null;
  await tx`
    insert into public.address_confirmations (id, token_hash, purpose, email, email_identity, name, org_name, org_type, region, story_format, cohort_id,
      client_key, share_domain, expires_at)
    values (${row.id}, ${row.tokenHash}, ${s.purpose}, ${s.email}, ${row.emailIdentity}, ${name},
      ${partner?.orgName ?? null}, ${partner?.orgType ?? null}, ${partner?.region ?? null}, ${story?.format ?? null}, ${waitlist?.cohortId ?? null},
      ${waitlist?.clientKey ?? null}, ${waitlist?.shareDomain ?? null}, now() + make_interval(hours => ${row.ttlHours}))`;
}

type Row = {
  id: string;
  purpose: ConfirmationPurpose;
  email: string;
  email_identity: string;
  name: string | null;
  org_name: string | null;
  org_type: OrgType | null;
  region: Region | null;
  story_format: RecordedStoryFormat | null;
  cohort_id: string | null;
  client_key: string | null;
  share_domain: string | null;
  expired: boolean;
  confirmed_at: Date | null;
  created_at: Date;
};

// The table's CHECKs hold each purpose's fields together (a name except on a story or waitlist request).
function toConfirmation(row: Row): ConfirmationRow {
  const common = {
    id: row.id,
    emailIdentity: row.email_identity,
    expired: row.expired,
    confirmedAt: row.confirmed_at,
    createdAt: row.created_at,
    email: row.email,
  };
  if (row.purpose === "story-contact" && row.story_format) return { ...common, purpose: "story-contact", format: row.story_format };
  if (row.purpose === "waitlist" && row.cohort_id) {
    return { ...common, purpose: "waitlist", cohortId: row.cohort_id, clientKey: row.client_key, shareDomain: row.share_domain };
  }
  const name = row.name ?? "";
  if (row.purpose === "partner" && row.org_name && row.org_type && row.region) {
    return { ...common, name, purpose: "partner", orgName: row.org_name, orgType: row.org_type, region: row.region };
  }
  return { ...common, name, purpose: "pledge" };
}

/** The confirmation a token's hash names, locked until the caller's transaction ends; null if none. */
export async function lockConfirmationByTokenHash(tx: TransactionSql, tokenHash: string): Promise<ConfirmationRow | null> {
  const [row] = await tx<Row[]>`
    select id, purpose, email, email_identity, name, org_name, org_type, region, story_format, cohort_id, client_key, share_domain,
      expires_at <= now() as expired, confirmed_at, created_at
    from public.address_confirmations where token_hash = ${tokenHash}
    for update`;
  return row ? toConfirmation(row) : null;
}

export async function markConfirmed(tx: TransactionSql, id: string): Promise<void> {
  await tx`update public.address_confirmations set confirmed_at = now() where id = ${id} and confirmed_at is null`;
}
