import "server-only";
import type { ProgrammeChannel } from "@/lib/programme/programme-preferences-schema";
import { db, type Executor } from "../client";

/** A member's programme choices as stored, or the defaults when they made none (no row). */
export type StoredProgrammePreferences = {
  morningHour: number;
  channel: ProgrammeChannel;
  paused: boolean;
  botBlockedAt: Date | null;
};

/** What a member changes; what is left out keeps its stored (or default) value. */
export type ProgrammePreferencesChange = Partial<Pick<StoredProgrammePreferences, "morningHour" | "channel" | "paused">>;

/** The member's choices with what the page shows beside them: the bot's link and their time zone. */
export type ProgrammePreferencesRead = StoredProgrammePreferences & { botLinked: boolean; timeZone: string | null };

type Row = {
  morning_hour: number;
  channel: ProgrammeChannel;
  paused: boolean;
  bot_blocked_at: Date | null;
  bot_linked: boolean;
  time_zone: string | null;
};

const toPreferences = (row: Row): ProgrammePreferencesRead => ({
  morningHour: Number(row.morning_hour),
  channel: row.channel,
  paused: row.paused,
  botBlockedAt: row.bot_blocked_at,
  botLinked: row.bot_linked,
  timeZone: row.time_zone,
});

/**
 * The member's programme choices, the table's defaults where no row is stored (08:00, the bot, not
 * paused), with whether the coach bot is linked and the member's stored zone; null when no account.
 */
export async function readProgrammePreferences(userId: string, executor: Executor = db()): Promise<ProgrammePreferencesRead | null> {
  const [row] = await executor<Row[]>`
    select coalesce(p.morning_hour, 8) as morning_hour, coalesce(p.channel, 'bot') as channel, coalesce(p.paused, false) as paused,
      p.bot_blocked_at, exists (select 1 from public.telegram_links l where l.user_id = u.id) as bot_linked, u.time_zone
    from public.users u left join public.programme_preferences p on p.user_id = u.id
    where u.id = ${userId}`;
  return row ? toPreferences(row) : null;
}

/**
 * Writes the member's choices, creating their row with the defaults for what the change leaves out;
 * false when no such account. A change to the same values writes the same row again.
 */
export async function saveProgrammePreferences(
  userId: string,
  change: ProgrammePreferencesChange,
  executor: Executor = db(),
): Promise<boolean> {
  const hour = change.morningHour ?? null;
  const channel = change.channel ?? null;
  const paused = change.paused ?? null;
  const rows = await executor`
    insert into public.programme_preferences (user_id, morning_hour, channel, paused)
    select u.id, coalesce(${hour}::smallint, 8), coalesce(${channel}::text, 'bot'), coalesce(${paused}::boolean, false)
    from public.users u where u.id = ${userId}
    on conflict (user_id) do update set
      morning_hour = coalesce(${hour}::smallint, programme_preferences.morning_hour),
      channel = coalesce(${channel}::text, programme_preferences.channel),
      paused = coalesce(${paused}::boolean, programme_preferences.paused),
      updated_at = now()
    returning user_id`;
  return rows.length > 0;
}

/** The member linked the coach bot (again): programme messages may go by the bot once more. */
export async function clearBotBlocked(executor: Executor, userId: string): Promise<void> {
  await executor`
    update public.programme_preferences set bot_blocked_at = null, updated_at = now()
    where user_id = ${userId} and bot_blocked_at is not null`;
}
