"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/sonner";
import { MAX_CAPACITY, dayOf, newCohortStartProblem } from "@/lib/operator/cohort-rules";
import { cohortFieldsSchema, type CohortFieldsInput } from "@/lib/operator/operator-cohort-schemas";
import { createCohort, editCohort, saveProblems } from "./operator-api";

type Values = { [K in keyof Required<CohortFieldsInput>]: string };

export const EMPTY_COHORT: Values = {
  cohort_name: "",
  cohort_description: "",
  language: "en",
  start_cohort_date: "",
  end_cohort_date: "",
  end_postcohort_date: "",
  participant_cap: "20",
};

/**
 * Creates a cohort (without `cohortId`) or edits one. The fields are checked with the schema the
 * route parses with, then the server checks again (seats taken, its own clock) and its answer is
 * shown field by field.
 */
export function CohortForm({ cohortId, initial = EMPTY_COHORT }: { cohortId?: string; initial?: Values }) {
  const router = useRouter();
  const id = useId();
  const summary = useRef<HTMLParagraphElement>(null);
  const [values, setValues] = useState<Values>(initial);
  // A new object for each failed attempt, so the summary takes the focus every time (once shown).
  const [problem, setProblem] = useState<{ fields: Record<string, string>; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const errors = problem?.fields ?? {};

  useEffect(() => {
    if (problem) summary.current?.focus();
  }, [problem]);

  function fail(fields: Record<string, string>, message: string) {
    setProblem({ fields, message });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = cohortFieldsSchema.safeParse(values);
    const fields: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
    const tooSoon = cohortId ? null : newCohortStartProblem(parsed.data?.start_cohort_date ?? null, dayOf(new Date())!);
    if (tooSoon) fields[tooSoon.field] = tooSoon.message;
    if (Object.keys(fields).length > 0) return fail(fields, "Please correct the fields marked below.");
    setSaving(true);
    try {
      const saved = cohortId ? await editCohort(cohortId, values) : await createCohort(values);
      setProblem(null);
      toast.success(cohortId ? "Changes saved." : "Cohort created. Visitors can now choose it.");
      if (cohortId) router.refresh();
      else router.push(`/operator/cohorts/${saved.id}`);
    } catch (error) {
      const problems = saveProblems(error);
      fail(problems.fields, problems.message);
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof Values) => ({ id: `${id}-${key}`, error: errors[key] });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={cohortId ? "Edit cohort" : "New cohort"} className="flex flex-col gap-5 rounded-lg border bg-background p-6">
      <p ref={summary} tabIndex={-1} role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {problem?.message}
      </p>
      <FormField {...field("cohort_name")} label="Name">
        {(control) => <Input {...control} required maxLength={120} value={values.cohort_name} onChange={(e) => set("cohort_name")(e.target.value)} />}
      </FormField>
      <FormField {...field("cohort_description")} label="Description (optional)">
        {(control) => <Textarea {...control} rows={3} maxLength={2000} value={values.cohort_description} onChange={(e) => set("cohort_description")(e.target.value)} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...field("language")} label="Language" hint="A language code: en, es, or one such as pt-BR. The cohort picker shows cohorts of the visitor's language.">
          {(control) => <Input {...control} required maxLength={5} value={values.language} onChange={(e) => set("language")(e.target.value)} />}
        </FormField>
        <FormField {...field("participant_cap")} label="Capacity" hint="Never below the seats already paid or held.">
          {(control) => (
            <Input {...control} type="number" inputMode="numeric" required min={1} max={MAX_CAPACITY} step={1} value={values.participant_cap} onChange={(e) => set("participant_cap")(e.target.value)} />
          )}
        </FormField>
      </div>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold">Dates (UTC days; leave empty while not set)</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField {...field("start_cohort_date")} label="Start (optional)">
            {(control) => <Input {...control} type="date" value={values.start_cohort_date} onChange={(e) => set("start_cohort_date")(e.target.value)} />}
          </FormField>
          <FormField {...field("end_cohort_date")} label="End (optional)">
            {(control) => <Input {...control} type="date" value={values.end_cohort_date} onChange={(e) => set("end_cohort_date")(e.target.value)} />}
          </FormField>
          <FormField {...field("end_postcohort_date")} label="Post-cohort end (optional)">
            {(control) => <Input {...control} type="date" value={values.end_postcohort_date} onChange={(e) => set("end_postcohort_date")(e.target.value)} />}
          </FormField>
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : cohortId ? "Save changes" : "Create cohort"}
        </Button>
      </div>
    </form>
  );
}
