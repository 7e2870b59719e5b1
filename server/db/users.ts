import "server-only";
import { db } from "./client";

export type MemberProfile = {
  email: string;
  userType: string;
  botSetupCompleted: boolean;
  botSetupStep: Record<string, unknown>;
};

/** The member's row in public.users; SPEC §6: user_type falls back to 'client'. */
export async function getMemberProfile(userId: string): Promise<MemberProfile | null> {
  const [row] = await db()<{ email: string; user_type: string | null; botsetup_completed: boolean; botsetup_step: Record<string, unknown> }[]>`
    select email, user_type, botsetup_completed, botsetup_step from public.users where id = ${userId}`;
  if (!row) return null;
  return {
    email: row.email,
    userType: row.user_type || "client",
    botSetupCompleted: row.botsetup_completed,
    botSetupStep: row.botsetup_step,
  };
}

/** Whether a confirmed account with this (lower-case) email exists. */
export async function confirmedAccountExists(email: string): Promise<boolean> {
  const rows = await db()`select 1 from auth.users where lower(email) = ${email} and email_confirmed_at is not null`;
  return rows.length > 0;
}

/** The account id for an email address (members only: anonymous sessions have no row). */
export async function findMemberIdByEmail(email: string): Promise<string | null> {
  const [row] = await db()<{ id: string }[]>`select id from public.users where email = ${email.trim().toLowerCase()}`;
  return row?.id ?? null;
}
