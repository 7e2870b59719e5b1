import "server-only";
import { z } from "zod";
import { db } from "../client";

const uuid = z.uuid();

/**
 * Whether the Auth session still exists for this account: signing out deletes its row in
 * auth.sessions (as Supabase Auth does), deleting the account deletes its sessions, and a
 * soft-deleted or banned account, or a session past its `not_after`, does not count. One indexed
 * lookup by the session's primary key.
 */
export async function isAuthSessionLive(userId: string, sessionId: string): Promise<boolean> {
  if (!uuid.safeParse(sessionId).success || !uuid.safeParse(userId).success) return false;
  const rows = await db()`
    select 1 from auth.sessions s join auth.users u on u.id = s.user_id
    where s.id = ${sessionId} and s.user_id = ${userId}
      and (s.not_after is null or s.not_after > now())
      and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now())`;
  return rows.length === 1;
}
