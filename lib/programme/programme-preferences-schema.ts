import * as z from "zod/mini";

// A member's programme messages (docs/programme.md): the hour of the morning message in their own
// time zone, the channel, a pause. GET and PATCH /api/programme/preferences, the dashboard's
// "Programme messages" card and the coach bot's /hour, /pause and /resume read the same rules.

export const PROGRAMME_CHANNELS = ["bot", "email"] as const;
export type ProgrammeChannel = (typeof PROGRAMME_CHANNELS)[number];

export const DEFAULT_MORNING_HOUR = 8;
export const MORNING_HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

export const HOUR_OUT_OF_RANGE = "Choose an hour from 0 to 23.";
export const CHANNEL_UNKNOWN = "Choose the coach bot or email.";

/** An hour of the day as the messages say it: 8 → "08:00". */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

/**
 * GET /api/programme/preferences: the member's choices (the defaults when they made none), whether
 * the coach bot is linked, when Telegram said they blocked it (messages then go by email until they
 * link it again), and the zone the hour is counted in (null: none stored, so UTC).
 */
export const programmePreferencesSchema = z.object({
  morningHour: z.int().check(z.minimum(0), z.maximum(23)),
  channel: z.enum(PROGRAMME_CHANNELS),
  paused: z.boolean(),
  botLinked: z.boolean(),
  botBlockedAt: z.nullable(z.string()),
  timeZone: z.nullable(z.string()),
});

export type ProgrammePreferences = z.output<typeof programmePreferencesSchema>;

/** PATCH /api/programme/preferences: what changes; at least one of the three, nothing else. */
export const programmePreferencesUpdateSchema = z
  .strictObject({
    morningHour: z.optional(z.int({ error: HOUR_OUT_OF_RANGE }).check(z.minimum(0, HOUR_OUT_OF_RANGE), z.maximum(23, HOUR_OUT_OF_RANGE))),
    channel: z.optional(z.enum(PROGRAMME_CHANNELS, { error: CHANNEL_UNKNOWN })),
    paused: z.optional(z.boolean({ error: "Say whether the messages are paused." })),
  })
  .check(
    z.refine((update) => update.morningHour !== undefined || update.channel !== undefined || update.paused !== undefined, {
      message: "Say what to change: the hour, the channel or the pause.",
    }),
  );

export type ProgrammePreferencesUpdate = z.input<typeof programmePreferencesUpdateSchema>;

/** Where the channel really goes: the bot only when chosen, linked and not blocked. */
export function effectiveChannel(preferences: Pick<ProgrammePreferences, "channel" | "botLinked" | "botBlockedAt">): ProgrammeChannel {
  return preferences.channel === "bot" && preferences.botLinked && preferences.botBlockedAt === null ? "bot" : "email";
}
