import "server-only";
import type { MemberProfile } from "@/lib/auth/member-profile-schema";
import { db } from "../client";
import { MEMBER_USER_TYPE, OPERATOR_USER_TYPE } from "./operators";

/**
 * The member's row in public.users; SPEC §6: user_type falls back to 'client'. It also keeps the
 * operator role out of sight (D17): an operator reads as 'client' here like every member.
 */
export async function getMemberProfile(userId: string): Promise<MemberProfile | null> {
  const [row] = await db()<
    {
      email: string;
      user_type: string | null;
      botsetup_completed: boolean;
      botsetup_step: Record<string, unknown>;
      time_zone: string | null;
    }[]
  >`
    select email, user_type, botsetup_completed, botsetup_step, time_zone from public.users where id = ${userId}`;
  if (!row) return null;
  return {
    email: row.email,
    userType: !row.user_type || row.user_type === OPERATOR_USER_TYPE ? MEMBER_USER_TYPE : row.user_type,
    botSetupCompleted: row.botsetup_completed,
    botSetupStep: row.botsetup_step,
    timeZone: row.time_zone,
  };
}

/** Stores the member's time zone (an IANA name the caller checked); false when there is no such member. */
export async function saveMemberTimeZone(userId: string, timeZone: string): Promise<boolean> {
  const rows = await db()`update public.users set time_zone = ${timeZone} where id = ${userId} returning id`;
  return rows.length > 0;
}

/** The member's stored time zone, null when none is stored (D19). */
export async function memberTimeZone(userId: string): Promise<string | null> {
  const [row] = await db()<{ time_zone: string | null }[]>`select time_zone from public.users where id = ${userId}`;
  return row?.time_zone ?? null;
}

/** Whether a confirmed account with this (lower-case) email exists. */
export async function confirmedAccountExists(email: string): Promise<boolean> {
  const rows = await db()`select 1 from auth.users where lower(email) = ${email} and email_confirmed_at is not null`;
  return rows.length > 0;
}

export type AuthAccount = { id: string; confirmed: boolean };

/** The auth account with this (lower-case) email, confirmed or not. */
export async function findAuthAccountByEmail(email: string): Promise<AuthAccount | null> {
  const [row] = await db()<{ id: string; confirmed: boolean }[]>`
    select id, email_confirmed_at is not null as confirmed from auth.users
    where lower(email) = ${email} and is_sso_user = false limit 1`;
  return row ?? null;
}

/** Which of the token hashes Supabase Auth keeps on a user an emailed link of this kind carries. */
export type EmailLinkToken = "confirmation" | "recovery" | "either";

/**
 * The account an emailed link belongs to, found by the token hash Supabase Auth keeps on the user
 * (`confirmation_token` / `recovery_token` hold exactly what `{{ .TokenHash }}` put in the link).
 */
export async function findAuthAccountByEmailLink(tokenHash: string, token: EmailLinkToken): Promise<AuthAccount | null> {
  const confirmation = token !== "recovery";
  const recovery = token !== "confirmation";
  const [row] = await db()<{ id: string; confirmed: boolean }[]>`
    select id, email_confirmed_at is not null as confirmed from auth.users
    where email is not null
      and ((${confirmation} and confirmation_token = ${tokenHash}) or (${recovery} and recovery_token = ${tokenHash}))
    limit 1`;
  return row ?? null;
}

/**
 * Removes the password of a still-unconfirmed account, in place. Supabase's own password update
 * would also void the emailed link that is about to confirm the account, so this is done on the
 * row: the password nobody has proven to be the address owner's is gone before the link is used.
 */
export async function discardUnconfirmedPassword(userId: string): Promise<boolean> {
  const rows = await db()`
    update auth.users set encrypted_password = '', updated_at = now()
    where id = ${userId} and email_confirmed_at is null
    returning id`;
  return rows.length > 0;
}

/** The account id for an email address (members only: anonymous sessions have no row). */
export async function findMemberIdByEmail(email: string): Promise<string | null> {
  const [row] = await db()<{ id: string }[]>`select id from public.users where email = ${email.trim().toLowerCase()}`;
  return row?.id ?? null;
}
