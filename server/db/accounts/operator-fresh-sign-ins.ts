import "server-only";
import type { TransactionSql } from "postgres";
import { z } from "zod";
import { db } from "../client";

// D17: money actions need a fresh sign-in, kept per Auth session on the server (never in a cookie).

/** How long a fresh sign-in lets an operator make money changes in the session it was made in. */
export const FRESH_SIGN_IN_MINUTES = 10;

const uuid = z.uuid();

/** Records that the operator just entered their password again in this session; when it lapses. */
export async function recordFreshSignIn(userId: string, sessionId: string): Promise<Date> {
  const [row] = await db()<{ until: Date }[]>`
    insert into public.operator_fresh_sign_ins (session_id, user_id, confirmed_at)
    values (${sessionId}, ${userId}, now())
    on conflict (session_id) do update set user_id = excluded.user_id, confirmed_at = excluded.confirmed_at
    returning confirmed_at + make_interval(mins => ${FRESH_SIGN_IN_MINUTES}) as until`;
  return row!.until;
}

/** Forgets every fresh sign-in of the account: a role change must not carry one over (D17). */
export async function clearFreshSignIns(tx: TransactionSql, userId: string): Promise<void> {
  await tx`delete from public.operator_fresh_sign_ins where user_id = ${userId}`;
}

/**
 * Whether this session's operator entered their password within the last 10 minutes, by the
 * database's clock: again on the "Confirm it's you" dialog, or to sign in, when this very session
 * began with the password (the auth service records how each session was authenticated, and when,
 * in auth.mfa_amr_claims; a refreshed token adds no claim) after the role was last granted. A
 * sign-in by email link or Google does not count, and another session of the same account does not
 * either.
 */
export async function hasFreshSignIn(userId: string, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId || !uuid.safeParse(sessionId).success || !uuid.safeParse(userId).success) return false;
  const rows = await db()`
    select 1 from public.operator_fresh_sign_ins
    where session_id = ${sessionId} and user_id = ${userId}
      and confirmed_at > now() - make_interval(mins => ${FRESH_SIGN_IN_MINUTES})
    union all
    select 1 from auth.mfa_amr_claims c join auth.sessions s on s.id = c.session_id
    where c.session_id = ${sessionId} and s.user_id = ${userId} and c.authentication_method = 'password'
      and greatest(c.created_at, c.updated_at) > now() - make_interval(mins => ${FRESH_SIGN_IN_MINUTES})
      -- A sign-in from before the role last changed carries nothing over, as clearFreshSignIns does.
      and not exists (
        select 1 from public.operator_audit_log l
        where l.subject_type = 'user' and l.subject_id = ${userId} and l.action in ('operator.grant', 'operator.revoke')
          and l.created_at >= greatest(c.created_at, c.updated_at))
    limit 1`;
  return rows.length === 1;
}

/** The address the account signs in with now (the auth service's, not the token's copy). */
export async function signInEmailOf(userId: string): Promise<string | null> {
  if (!uuid.safeParse(userId).success) return null;
  const [row] = await db()<{ email: string | null }[]>`select email from auth.users where id = ${userId} and deleted_at is null`;
  return row?.email ?? null;
}
