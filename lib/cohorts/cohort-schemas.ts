import * as z from "zod/mini";

export const cohortIdParamsSchema = z.object({ id: z.uuid({ error: "The cohort id must be a UUID." }) });

export const cohortListQuerySchema = z.object({
  language: z._default(z.string().check(z.regex(/^[a-z]{2}(-[A-Z]{2})?$/, "language must be a language code such as en or es.")), "en"),
});

export const seatRoleSchema = z.enum(["participant", "coach", "host"]);

export type SeatRole = z.output<typeof seatRoleSchema>;

export const participantsQuerySchema = z.object({ role: z.optional(seatRoleSchema) });

/**
 * SPEC §3 Cohort, as GET /api/cohorts and GET /api/cohorts/{id} answer it: the routes shape their
 * output with it and the browser parses with it. A missing description or duration reads as '' and
 * null (the card then shows the spec's default of 14 days).
 */
export const cohortSchema = z.object({
  id: z.string().check(z.minLength(1)),
  cohort_name: z.string(),
  cohort_description: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value ?? ""),
  ),
  status: z.enum(["upcoming", "active", "postcohort", "completed"]),
  start_cohort_date: z.nullable(z.string()),
  end_cohort_date: z.nullable(z.string()),
  end_postcohort_date: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value ?? null),
  ),
  duration_days: z.pipe(
    z.nullish(z.number()),
    z.transform((value) => value ?? null),
  ),
  participant_cap: z.number(),
  participant_count: z.number(),
  prospective_participant_count: z.number(),
  /** Places held by checkouts not paid yet (they free up if those are not paid): prospective minus participants. */
  held_participant_count: z.number(),
});

export type Cohort = z.output<typeof cohortSchema>;

/** GET /api/cohorts: upcoming cohorts, soonest first. An item without the cohort's shape is left out rather than trusted. */
export const cohortListSchema = z.pipe(
  z.array(z.catch(z.nullable(cohortSchema), null)),
  z.transform((cohorts) => cohorts.filter((cohort) => cohort !== null)),
);
