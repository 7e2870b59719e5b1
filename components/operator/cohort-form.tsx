"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/sonner";
import {
  MAX_CAPACITY,
  dayOf,
  endAfterLastDay,
  isCalendarDay,
  newCohortStartProblem,
  programmeDays,
  programmeLengthLabel,
  programmeLengthWarning,
} from "@/lib/operator/cohort-rules";
import { cohortFieldsSchema, type CohortFieldsInput, type CohortFormValues } from "@/lib/operator/operator-cohort-schemas";
import { createCohort, editCohort, saveProblems } from "./operator-api";

export const EMPTY_COHORT: CohortFormValues = {
  cohort_name: "",
  cohort_description: "",
  language: "en",
  start_cohort_date: "",
  last_day: "",
  end_postcohort_date: "",
  participant_cap: "20",
};

// What is said of end_cohort_date (the day after the last, as kept) is shown on the last day.
const fieldOf = (path: string) => (path === "end_cohort_date" ? "last_day" : path);

function toBody(values: CohortFormValues, extra: { draft: boolean; copiedFrom?: string }): CohortFieldsInput {
  const { last_day: lastDay, ...rest } = values;
  // Anything but a day is sent as typed, for the schema to name what is wrong with it.
  const last = lastDay.trim();
  const end = isCalendarDay(last) ? endAfterLastDay(last)! : last;
  return { ...rest, end_cohort_date: end, draft: extra.draft, ...(extra.copiedFrom ? { copied_from: extra.copiedFrom } : {}) };
}

/**
 * Creates a cohort (without `cohortId`), for sale or as a draft, or edits one. The fields are
 * checked with the schema the route parses with, then the server checks again (seats taken, its own
 * clock) and its answer is shown field by field. Dates that do not make the bootcamp's length are
 * warned of, not refused: an operator may mean it.
 */
export function CohortForm({
  cohortId,
  initial = EMPTY_COHORT,
  initialDraft = false,
  copiedFrom,
  note,
}: {
  cohortId?: string;
  initial?: CohortFormValues;
  /** Creating only: whether "Save as a draft" starts ticked (a copy does). */
  initialDraft?: boolean;
  /** Creating a duplicate: the cohort it copies. */
  copiedFrom?: string;
  /** A line above the dates, such as how a copy's dates were chosen. */
  note?: string;
}) {
  const router = useRouter();
  const id = useId();
  const summary = useRef<HTMLParagraphElement>(null);
  const [values, setValues] = useState<CohortFormValues>(initial);
  const [draft, setDraft] = useState(initialDraft);
  // A new object for each failed attempt, so the summary takes the focus every time (once shown).
  const [problem, setProblem] = useState<{ fields: Record<string, string>; message: string } | null>(null);
  const { busy: saving, run } = useWrite();
  const set = (key: keyof CohortFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const errors = problem?.fields ?? {};
  const length = programmeDays(values.start_cohort_date || null, values.last_day || null);
  const lengthWarning = programmeLengthWarning(length);

  useEffect(() => {
    if (problem) summary.current?.focus();
  }, [problem]);

  function fail(fields: Record<string, string>, message: string) {
    setProblem({ fields: Object.fromEntries(Object.entries(fields).map(([path, text]) => [fieldOf(path), text])), message });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = cohortId ? toBody(values, { draft: false }) : toBody(values, { draft, copiedFrom });
    const parsed = cohortFieldsSchema.safeParse(body);
    const fields: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
    const tooSoon = cohortId ? null : newCohortStartProblem(parsed.data?.start_cohort_date ?? null, dayOf(new Date())!);
    if (tooSoon) fields[tooSoon.field] = tooSoon.message;
    if (Object.keys(fields).length > 0) return fail(fields, "Please correct the fields marked below.");
    const outcome = await run(() => (cohortId ? editCohort(cohortId, body) : createCohort(body)));
    if (!outcome.ok) {
      if (outcome.error) {
        const problems = saveProblems(outcome.error);
        fail(problems.fields, problems.message);
      }
      return;
    }
    setProblem(null);
    toast.success(
      cohortId
        ? "Changes saved."
        : draft
          ? "Draft saved. Publish it when it is ready for sale."
          : "Cohort created. Visitors can now choose it.",
    );
    if (cohortId) router.refresh();
    else router.push(`/operator/cohorts/${outcome.data.id}`);
  }

  const field = (key: keyof CohortFormValues) => ({ id: `${id}-${key}`, error: errors[key] });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={cohortId ? "Edit cohort" : "New cohort"}
      className="flex flex-col gap-5 rounded-lg border bg-background p-4 sm:p-6"
    >
      <p ref={summary} tabIndex={-1} role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {problem?.message}
      </p>
      <FormField {...field("cohort_name")} label="Name">
        {(control) => (
          <Input {...control} required maxLength={120} value={values.cohort_name} onChange={(e) => set("cohort_name")(e.target.value)} />
        )}
      </FormField>
      <FormField {...field("cohort_description")} label="Description (optional)">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={values.cohort_description}
            onChange={(e) => set("cohort_description")(e.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          {...field("language")}
          label="Language"
          hint="A language code: en, es, or one such as pt-BR. The cohort picker shows cohorts of the visitor's language."
        >
          {(control) => (
            <Input {...control} required maxLength={5} value={values.language} onChange={(e) => set("language")(e.target.value)} />
          )}
        </FormField>
        <FormField {...field("participant_cap")} label="Capacity" hint="Never below the seats already paid or held.">
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              required
              min={1}
              max={MAX_CAPACITY}
              step={1}
              value={values.participant_cap}
              onChange={(e) => set("participant_cap")(e.target.value)}
            />
          )}
        </FormField>
      </div>
      <fieldset className="min-w-0">
        <legend className="mb-3 text-sm font-semibold">Dates (calendar days, the same everywhere; leave empty while not set)</legend>
        {note ? <p className="mb-3 text-sm text-muted-foreground">{note}</p> : null}
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField {...field("start_cohort_date")} label="First day (optional)" hint="The programme's day 1.">
            {(control) => (
              <Input {...control} type="date" value={values.start_cohort_date} onChange={(e) => set("start_cohort_date")(e.target.value)} />
            )}
          </FormField>
          <FormField {...field("last_day")} label="Last day (optional)" hint="The programme's last day, included.">
            {(control) => <Input {...control} type="date" value={values.last_day} onChange={(e) => set("last_day")(e.target.value)} />}
          </FormField>
          <FormField
            {...field("end_postcohort_date")}
            label="Post-cohort end (optional)"
            hint="When post-cohort services end, after the last day."
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                value={values.end_postcohort_date}
                onChange={(e) => set("end_postcohort_date")(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div aria-live="polite" className="mt-3 flex flex-col gap-1 text-sm">
          {length !== null ? <p data-testid="programme-length">Programme length: {programmeLengthLabel(length)}</p> : null}
          {lengthWarning ? (
            <p className="font-medium text-amber-800 dark:text-amber-300" data-testid="programme-length-warning">
              {lengthWarning} You can save these dates anyway.
            </p>
          ) : null}
        </div>
      </fieldset>
      {cohortId ? null : (
        <div className="flex items-start gap-2">
          <input
            type="checkbox"
            id={`${id}-draft`}
            className="mt-0.5 size-5 shrink-0 accent-primary"
            checked={draft}
            onChange={(e) => setDraft(e.target.checked)}
            aria-describedby={`${id}-draft-hint`}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-draft`} className="text-sm font-medium leading-5">
              Save as a draft
            </label>
            <p id={`${id}-draft-hint`} className="text-xs text-muted-foreground">
              A draft is not for sale: the cohort picker does not show it and checkouts refuse it until you publish it from its page.
            </p>
          </div>
        </div>
      )}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : cohortId ? "Save changes" : draft ? "Save draft" : "Create cohort"}
        </Button>
      </div>
    </form>
  );
}
