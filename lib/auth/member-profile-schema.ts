import * as z from "zod/mini";
import { TIME_ZONE_MAX_LENGTH } from "@/lib/time-zone/time-zone";

/**
 * GET and PATCH /api/users/me: the signed-in member's account row (SPEC §3 Users table). user_type
 * falls back to 'client' (SPEC §6); botSetupStep is the bot walkthrough's progress object, kept as
 * stored; timeZone is the member's IANA time zone (D19), null until the browser or the member set it.
 */
export const memberProfileSchema = z.object({
  email: z.string(),
  userType: z.string(),
  botSetupCompleted: z.boolean(),
  botSetupStep: z.record(z.string(), z.unknown()),
  timeZone: z.nullable(z.string()),
});

export type MemberProfile = z.output<typeof memberProfileSchema>;

/**
 * PATCH /api/users/me: what a member changes on their own account. The zone's name is checked
 * against Intl by the server (400 for one it does not know), the same check the form makes.
 */
export const memberProfileUpdateSchema = z.object({
  timeZone: z.string().check(z.minLength(1, "Choose a time zone."), z.maxLength(TIME_ZONE_MAX_LENGTH, "That is not a time zone name.")),
});

export type MemberProfileUpdate = z.input<typeof memberProfileUpdateSchema>;
