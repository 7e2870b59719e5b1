import "server-only";
import type { MemberProfile } from "@/lib/auth/member-profile-schema";
import { db } from "./client";

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
