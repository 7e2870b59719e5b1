import { z } from "zod";

export const cohortIdParamsSchema = z.object({ id: z.uuid({ error: "The cohort id must be a UUID." }) });

export const cohortListQuerySchema = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "language must be a language code such as en or es.")
    .default("en"),
});

export const seatRoleSchema = z.enum(["participant", "coach", "host"]);

export type SeatRole = z.output<typeof seatRoleSchema>;

export const participantsQuerySchema = z.object({ role: seatRoleSchema.optional() });

/**
 * SPEC §3 Cohort, as GET /api/cohorts and GET /api/cohorts/{id} answer it: the routes shape their
 * output with it and the browser parses with it. A missing description or duration reads as '' and
 * null (the card then shows the spec's default of 14 days).
 */
export const cohortSchema = z.object({
  id: z.string().min(1),
  cohort_name: z.string(),
  cohort_description: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  status: z.enum(["upcoming", "active", "postcohort", "completed"]),
  start_cohort_date: z.string().nullable(),
  end_cohort_date: z.string().nullable(),
  end_postcohort_date: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  duration_days: z
    .number()
    .nullish()
    .transform((value) => value ?? null),
  participant_cap: z.number(),
  participant_count: z.number(),
  prospective_participant_count: z.number(),
  /** Places held by checkouts not paid yet (they free up if those are not paid): prospective minus participants. */
  held_participant_count: z.number(),
});

export type Cohort = z.output<typeof cohortSchema>;

/** GET /api/cohorts: upcoming cohorts, soonest first. An item without the cohort's shape is left out rather than trusted. */
export const cohortListSchema = z
  .array(cohortSchema.nullable().catch(null))
  .transform((cohorts) => cohorts.filter((cohort) => cohort !== null));
