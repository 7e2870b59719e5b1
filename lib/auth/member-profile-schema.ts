import * as z from "zod/mini";

/**
 * GET /api/users/me: the signed-in member's account row (SPEC §3 Users table). user_type falls back
 * to 'client' (SPEC §6); botSetupStep is the bot walkthrough's progress object, kept as stored.
 */
export const memberProfileSchema = z.object({
  email: z.string(),
  userType: z.string(),
  botSetupCompleted: z.boolean(),
  botSetupStep: z.record(z.string(), z.unknown()),
});

export type MemberProfile = z.output<typeof memberProfileSchema>;
