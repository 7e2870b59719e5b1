import { z } from "zod";

// SPEC §3 Cohort, as GET /api/cohorts and GET /api/cohorts/{id} return it. A response item that
// does not have this shape is left out rather than trusted.
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
  end_postcohort_date: z.string().nullish().transform((value) => value ?? null),
  duration_days: z.number().nullish().transform((value) => value ?? null),
  participant_cap: z.number(),
  participant_count: z.number(),
  prospective_participant_count: z.number(),
  /** Places held by checkouts not paid yet (ours; older answers leave it out). */
  held_participant_count: z.number().optional(),
});

export type Cohort = z.output<typeof cohortSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The cohorts of a `{ data: Cohort[] }` body; null when the body is not a list at all. */
export function parseCohortList(body: unknown): Cohort[] | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null;
  return body.data.flatMap((item: unknown) => {
    const parsed = cohortSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
