import "server-only";
import type { TransactionSql } from "postgres";
import { z } from "zod";
import { db } from "../client";

// D17: an operator is a member whose users.user_type is 'operator'.
export const OPERATOR_USER_TYPE = "operator";
// The type every other member has (SPEC §6: a failed read also falls back to it).
export const MEMBER_USER_TYPE = "client";

const uuid = z.uuid();

/**
 * Whether the token's Auth session is still live and its account an operator now: one query per
 * request, so a revoked operator or an ended session is refused at once, on every instance.
 */
export async function isLiveOperatorSession(userId: string, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId || !uuid.safeParse(sessionId).success || !uuid.safeParse(userId).success) return false;
  const rows = await db()`
    select 1 from auth.sessions s
      join auth.users a on a.id = s.user_id
      join public.users u on u.id = s.user_id
    where s.id = ${sessionId} and s.user_id = ${userId}
      and (s.not_after is null or s.not_after > now())
      and a.deleted_at is null and (a.banned_until is null or a.banned_until <= now())
      and u.user_type = ${OPERATOR_USER_TYPE}`;
  return rows.length === 1;
}

/** The account with this email and its type now, locked until the transaction ends. */
export async function lockUserTypeByEmail(tx: TransactionSql, email: string): Promise<{ id: string; userType: string } | null> {
  const [row] = await tx<{ id: string; user_type: string }[]>`
    select id, user_type from public.users where email = ${email.trim().toLowerCase()} for update`;
  return row ? { id: row.id, userType: row.user_type } : null;
}

export async function setUserType(tx: TransactionSql, userId: string, userType: string): Promise<void> {
  await tx`update public.users set user_type = ${userType} where id = ${userId}`;
}
