import * as z from "zod/mini";
import { keysetCursorTextSchema } from "@/lib/paging/keyset-cursor";
import { parseCohortListCursor } from "./cohort-list";
import { listCursorSchema } from "./list-query";
import { MAX_CAPACITY, cohortDateProblems, isCalendarDay } from "./cohort-rules";

// The operator's cohort form and the routes behind it parse with these schemas (D17).

const day = z.string().check(z.trim(), z.refine(isCalendarDay, "Use a date such as 2027-01-31."));
const optionalDay = z.pipe(
  z.optional(z.union([day, z.literal(""), z.null()])),
  z.transform((value) => value || null),
);

/** SPEC §3 Cohort: what an operator sets when creating or editing one. Dates are days (UTC). */
export const cohortFieldsSchema = z
  .object({
    cohort_name: z
      .string()
      .check(z.trim(), z.minLength(1, "Enter the cohort's name."), z.maxLength(120, "Keep the name under 120 characters.")),
    cohort_description: z._default(z.string().check(z.trim(), z.maxLength(2000, "Keep the description under 2000 characters.")), ""),
    language: z.string().check(z.trim(), z.regex(/^[a-z]{2}(-[A-Z]{2})?$/, "Use a language code such as en or es.")),
    start_cohort_date: optionalDay,
    end_cohort_date: optionalDay,
    end_postcohort_date: optionalDay,
    // A form sends the number as typed; a JSON body as a number. Either way a whole number in range.
    participant_cap: z.coerce
      .number({ error: "Enter the capacity as a number." })
      .check(
        z.int("Enter the capacity as a whole number."),
        z.minimum(1, "The capacity must be at least 1."),
        z.maximum(MAX_CAPACITY, `The capacity can be at most ${MAX_CAPACITY}.`),
      ),
    // Creating only: a draft is not for sale until an operator publishes it; `copied_from` names the
    // cohort a duplicate was made from (for the audit log). Editing leaves both as they are.
    draft: z._default(z.boolean({ error: "draft must be true or false." }), false),
    copied_from: z.optional(z.uuid("Name the cohort this one copies by its id.")),
  })
  .check(
    z.superRefine((fields, ctx) => {
      const days = { start: fields.start_cohort_date, end: fields.end_cohort_date, postcohortEnd: fields.end_postcohort_date };
      for (const problem of cohortDateProblems(days))
        ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message, input: fields });
    }),
  );

export type CohortFields = z.output<typeof cohortFieldsSchema>;

/**
 * The operator's cohort form as typed. It asks for the programme's last day (included); the cohort
 * keeps the day after it as end_cohort_date (lib/operator/cohort-rules.ts endAfterLastDay).
 */
export type CohortFormValues = {
  cohort_name: string;
  cohort_description: string;
  language: string;
  start_cohort_date: string;
  last_day: string;
  end_postcohort_date: string;
  participant_cap: string;
};
export type CohortFieldsInput = z.input<typeof cohortFieldsSchema>;

/** POST /api/operator/cohorts/{id}/closed: close a cohort to new buyers, or open it again. */
export const cohortClosedSchema = z.object({ closed: z.boolean({ error: "closed must be true or false." }) });

const count = z.int();
const seatsSchema = z.object({ paid: count, held: count, free: count });

/** A cohort as the operator area shows it: the spec's fields, its language, its seats and whether it is closed. */
export const operatorCohortSchema = z.object({
  id: z.string(),
  cohort_name: z.string(),
  cohort_description: z.string(),
  language: z.string(),
  status: z.enum(["upcoming", "active", "postcohort", "completed"]),
  start_cohort_date: z.nullable(z.string()),
  end_cohort_date: z.nullable(z.string()),
  end_postcohort_date: z.nullable(z.string()),
  duration_days: count,
  participant_cap: count,
  seats: seatsSchema,
  closed_at: z.nullable(z.string()),
  /** Null while the cohort is a draft, not for sale. */
  published_at: z.nullable(z.string()),
});

export type OperatorCohort = z.output<typeof operatorCohortSchema>;

/** GET /api/operator/cohorts: `?q=` finds names holding it (any case); `?after=` is the `next` of the page before, as it was given. */
export const operatorCohortListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  after: z.optional(keysetCursorTextSchema((cursor) => parseCohortListCursor(cursor) !== null)),
});

/** GET /api/operator/cohorts: a page of the list (lib/operator/cohort-list.ts); `next` is null on the last. */
export const operatorCohortListSchema = z.object({
  cohorts: z.array(operatorCohortSchema),
  next: z.nullable(listCursorSchema),
});
