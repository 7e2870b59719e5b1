import "server-only";
import type { TransactionSql } from "postgres";
import type { SafetyQuestionId } from "@/lib/questionnaire/safety-screen";
import { db, type Executor } from "../client";

// The safety screen's doctor's clearances: a link sent to an address, then confirmed once by the
// person who follows it (supabase/migrations/20261128224000_safety_clearances.sql).

export type ClearanceLinkRow = {
  id: string;
  email: string;
  reasons: SafetyQuestionId[];
  linkExpired: boolean;
  confirmedAt: Date | null;
};

export type RecordedClearance = {
  id: string;
  email: string;
  emailIdentity: string;
  reasons: SafetyQuestionId[];
  confirmedAt: Date;
  confirmedUserId: string | null;
  passExpired: boolean;
};

export type ClearanceForTeam = {
  email: string;
  reasons: SafetyQuestionId[];
  confirmedAt: Date;
  confirmedName: string;
  accountEmail: string | null;
};

/**
 * Holds the address's ledger of clearance links until the caller's transaction ends, so two
 * requests for one inbox at once cannot both find room under its limit.
 */
export async function lockClearanceInbox(tx: TransactionSql, emailIdentity: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`safety-clearance:${emailIdentity}`}, 0))`;
}

/** How many clearance links the inbox was sent in the last day and in the last week. */
export async function recentClearanceLinks(tx: TransactionSql, emailIdentity: string): Promise<{ day: number; week: number }> {
  const [row] = await tx<{ day: number; week: number }[]>`
    select count(*) filter (where created_at > now() - interval '1 day')::int as day, count(*)::int as week
    from public.safety_clearances
    where email_identity = ${emailIdentity} and created_at > now() - interval '7 days'`;
  return { day: row?.day ?? 0, week: row?.week ?? 0 };
}

export async function insertClearanceRequest(
  tx: TransactionSql,
  row: {
    id: string;
    email: string;
    emailIdentity: string;
    reasons: SafetyQuestionId[];
    screenVersion: string;
    linkTokenHash: string;
    linkDays: number;
  },
): Promise<void> {
  await tx`
    insert into public.safety_clearances (id, email, email_identity, reasons, screen_version, link_token_hash, link_expires_at)
    values (${row.id}, ${row.email}, ${row.emailIdentity}, ${row.reasons}, ${row.screenVersion}, ${row.linkTokenHash},
      now() + make_interval(days => ${row.linkDays}))`;
}

/** The clearance a link's token hash names, locked until the caller's transaction ends; null if none. */
export async function lockClearanceByLinkHash(tx: TransactionSql, linkTokenHash: string): Promise<ClearanceLinkRow | null> {
  const [row] = await tx<{ id: string; email: string; reasons: SafetyQuestionId[]; link_expired: boolean; confirmed_at: Date | null }[]>`
    select id, email, reasons, link_expires_at <= now() as link_expired, confirmed_at
    from public.safety_clearances where link_token_hash = ${linkTokenHash}
    for update`;
  return row ? { id: row.id, email: row.email, reasons: row.reasons, linkExpired: row.link_expired, confirmedAt: row.confirmed_at } : null;
}

/** Records the confirmation (once) with the pass its browser was given; null when it was confirmed before. */
export async function markClearanceConfirmed(
  tx: TransactionSql,
  id: string,
  confirmation: { name: string; userId: string | null; passHash: string; passDays: number },
): Promise<Date | null> {
  const [row] = await tx<{ confirmed_at: Date }[]>`
    update public.safety_clearances
    set confirmed_at = now(), confirmed_name = ${confirmation.name}, confirmed_user_id = ${confirmation.userId},
        pass_hash = ${confirmation.passHash}, pass_expires_at = now() + make_interval(days => ${confirmation.passDays})
    where id = ${id} and confirmed_at is null
    returning confirmed_at`;
  return row?.confirmed_at ?? null;
}

/** The confirmed clearance a pass's hash names; null for none (an unconfirmed clearance has no pass). */
export async function findClearanceByPassHash(passHash: string, executor: Executor = db()): Promise<RecordedClearance | null> {
  const [row] = await executor<
    {
      id: string;
      email: string;
      email_identity: string;
      reasons: SafetyQuestionId[];
      confirmed_at: Date;
      confirmed_user_id: string | null;
      pass_expired: boolean;
    }[]
  >`
    select id, email, email_identity, reasons, confirmed_at, confirmed_user_id, pass_expires_at <= now() as pass_expired
    from public.safety_clearances where pass_hash = ${passHash} and confirmed_at is not null`;
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    emailIdentity: row.email_identity,
    reasons: row.reasons,
    confirmedAt: row.confirmed_at,
    confirmedUserId: row.confirmed_user_id,
    passExpired: row.pass_expired,
  };
}

/** A confirmed clearance as the team's notice tells it; null when there is none. */
export async function getClearanceForTeam(id: string): Promise<ClearanceForTeam | null> {
  const [row] = await db()<
    { email: string; reasons: SafetyQuestionId[]; confirmed_at: Date; confirmed_name: string; account_email: string | null }[]
  >`
    select c.email, c.reasons, c.confirmed_at, c.confirmed_name, u.email as account_email
    from public.safety_clearances c left join public.users u on u.id = c.confirmed_user_id
    where c.id = ${id} and c.confirmed_at is not null`;
  return row
    ? {
        email: row.email,
        reasons: row.reasons,
        confirmedAt: row.confirmed_at,
        confirmedName: row.confirmed_name,
        accountEmail: row.account_email,
      }
    : null;
}

/** The address a clearance link was asked for and the reasons it covers, for its email; null when there is no such clearance. */
export async function getClearanceLinkEmail(id: string): Promise<{ email: string; reasons: SafetyQuestionId[] } | null> {
  const [row] = await db()<
    { email: string; reasons: SafetyQuestionId[] }[]
  >`select email, reasons from public.safety_clearances where id = ${id}`;
  return row ?? null;
}
