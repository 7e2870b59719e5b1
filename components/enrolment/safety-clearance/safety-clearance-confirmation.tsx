"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { ArrowRight, ShieldCheck, ShieldX } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PRICING_PATH } from "@/lib/enrolment/plan-choice";
import {
  SAFETY_CLEARANCE,
  SAFETY_CLEARANCE_TOKEN_PATTERN,
  SAFETY_QUESTIONS,
  withDoctorClearance,
  type SafetyClearance,
} from "@/lib/questionnaire/safety-screen";
import { useEnrolmentDraft } from "../draft/use-enrolment-draft";
import { FieldError } from "../user-info/field-error";
import { clearanceProblem, confirmClearance } from "./safety-clearance-api";

type Outcome = { status: "confirmed"; clearance: SafetyClearance } | { status: "used" | "invalid" };

/**
 * The page a safety clearance email links to. Opening it records nothing (a mail scanner's visit
 * clears nobody): the person gives their name and their word that their doctor has said yes. The
 * clearance the server records comes back with a pass, kept in this tab's enrolment draft (D12)
 * for the checkout, which refuses the answers without it.
 */
export function SafetyClearanceConfirmation({ token, email }: { token: string; email: string }) {
  const id = useId();
  const { draft, update } = useEnrolmentDraft();
  const [outcome, setOutcome] = useState<Outcome | null>(
    SAFETY_CLEARANCE_TOKEN_PATTERN.test(token) && email ? null : { status: "invalid" },
  );
  const [name, setName] = useState("");
  const [cleared, setCleared] = useState(false);
  const [fieldErrors, setErrors] = useState<{ name?: string; cleared?: string }>({});
  const write = useWrite({ message: (error) => clearanceProblem(error, SAFETY_CLEARANCE.failed) });
  const { busy: sending } = write;
  const errors = { ...fieldErrors, form: write.error ?? undefined };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = {
      name: name.trim() ? undefined : SAFETY_CLEARANCE.nameRequired,
      cleared: cleared ? undefined : SAFETY_CLEARANCE.clearanceRequired,
    };
    if (problems.name || problems.cleared) {
      setErrors(problems);
      write.reset();
      document.getElementById(problems.name ? `${id}-name` : `${id}-cleared`)?.focus();
      return;
    }
    setErrors({});
    const sent = await write.run(() =>
      confirmClearance({ token, email, name: name.trim(), clearedByDoctor: true }, SAFETY_CLEARANCE.failed),
    );
    if (!sent.ok) return;
    const result = sent.data;
    if (result.status === "confirmed" && result.clearance) {
      const info = draft?.userInfo ?? {};
      update({ userInfo: { ...info, safetyScreen: withDoctorClearance(info.safetyScreen, result.clearance) } });
      setOutcome({ status: "confirmed", clearance: result.clearance });
    } else {
      setOutcome({ status: result.status === "used" ? "used" : "invalid" });
    }
  }

  if (outcome?.status === "confirmed") {
    const topics = SAFETY_QUESTIONS.filter((q) => outcome.clearance.reasons.includes(q.id));
    return (
      <section role="status" className="flex flex-col items-center gap-4 text-center">
        <ShieldCheck aria-hidden="true" className="size-12 text-primary" />
        <h1 className="text-3xl font-bold">{SAFETY_CLEARANCE.confirmedHeading}</h1>
        <p className="text-muted-foreground">{SAFETY_CLEARANCE.confirmed}</p>
        <ul className="text-sm">
          {topics.map((q) => (
            <li key={q.id}>{q.topic}</li>
          ))}
        </ul>
        <Button asChild size="lg">
          <Link href={PRICING_PATH}>
            {SAFETY_CLEARANCE.choosePlanLabel} <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </section>
    );
  }

  if (outcome) {
    const used = outcome.status === "used";
    return (
      <section role="status" className="flex flex-col items-center gap-4 text-center">
        <ShieldX aria-hidden="true" className="size-12 text-destructive" />
        <h1 className="text-3xl font-bold">{used ? SAFETY_CLEARANCE.usedHeading : SAFETY_CLEARANCE.invalidHeading}</h1>
        <p className="text-muted-foreground">{used ? SAFETY_CLEARANCE.used : SAFETY_CLEARANCE.invalid}</p>
        <Button asChild variant="outline">
          <Link href={PRICING_PATH}>{SAFETY_CLEARANCE.choosePlanLabel}</Link>
        </Button>
      </section>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{SAFETY_CLEARANCE.heading}</h1>
          <p className="mt-2 text-muted-foreground">{SAFETY_CLEARANCE.intro}</p>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>{SAFETY_CLEARANCE.nameLabel}</Label>
        <p id={`${id}-name-hint`} className="text-sm text-muted-foreground">
          {SAFETY_CLEARANCE.nameHint}
        </p>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          maxLength={200}
          value={name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-hint ${id}-name-error` : `${id}-name-hint`}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-cleared`}
            checked={cleared}
            aria-invalid={errors.cleared ? true : undefined}
            aria-describedby={errors.cleared ? `${id}-cleared-error` : undefined}
            onCheckedChange={(checked) => {
              setCleared(checked === true);
              setErrors((current) => ({ ...current, cleared: undefined }));
            }}
          />
          <Label htmlFor={`${id}-cleared`} className="leading-snug">
            {SAFETY_CLEARANCE.clearanceLabel}
          </Label>
        </div>
        <FieldError id={`${id}-cleared-error`} message={errors.cleared} />
      </div>
      <p role="alert" className="min-h-5 text-sm text-destructive">
        {errors.form}
      </p>
      <Button type="submit" size="lg" disabled={sending} className="self-stretch sm:self-end">
        {sending ? SAFETY_CLEARANCE.confirmingLabel : SAFETY_CLEARANCE.confirmLabel}
      </Button>
    </form>
  );
}
