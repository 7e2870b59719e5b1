"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { ArrowLeft, ArrowRight, Stethoscope } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { SEE_YOUR_DOCTOR, type SafetyQuestion } from "@/lib/questionnaire/safety-screen";
import { FieldError } from "./field-error";

type SeeYourDoctorProps = {
  /** The questions answered 'yes': each says why and what to ask. */
  reasons: readonly SafetyQuestion[];
  onChangeAnswers: () => void;
  /** The visitor says their doctor has cleared them. */
  onCleared: () => void;
};

/** Beyond the spec: shown instead of a checkout after a 'yes' on the safety screen. */
export function SeeYourDoctor({ reasons, onChangeAnswers, onCleared }: SeeYourDoctorProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [cleared, setCleared] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    heading.current?.focus();
  }, []);

  function proceed() {
    if (!cleared) {
      setError(SEE_YOUR_DOCTOR.clearanceRequired);
      document.getElementById("clearedByDoctor")?.focus();
      return;
    }
    onCleared();
  }

  return (
    <section aria-labelledby="see-your-doctor-heading" className="flex flex-col gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <Stethoscope aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <div>
          <h2 id="see-your-doctor-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
            {SEE_YOUR_DOCTOR.heading}
          </h2>
          <p className="mt-2 text-muted-foreground">{SEE_YOUR_DOCTOR.intro}</p>
        </div>
      </div>
      {reasons.map((reason) => (
        <div key={reason.id} className="flex flex-col gap-2 rounded-lg bg-muted/60 p-4">
          <h3 className="font-semibold">{reason.topic}</h3>
          <p className="text-sm">{reason.why}</p>
          <h4 className="mt-2 text-sm font-medium">{SEE_YOUR_DOCTOR.askHeading}</h4>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {reason.askYourDoctor.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </div>
      ))}
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">{SEE_YOUR_DOCTOR.joinHeading}</h3>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {SEE_YOUR_DOCTOR.joinSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="mt-2 flex items-start gap-3">
          <Checkbox
            id="clearedByDoctor"
            checked={cleared}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "clearedByDoctor-error" : undefined}
            onCheckedChange={(checked) => {
              setCleared(checked === true);
              setError(undefined);
            }}
          />
          <Label htmlFor="clearedByDoctor" className="leading-snug">
            {SEE_YOUR_DOCTOR.clearanceLabel}
          </Label>
        </div>
        <FieldError id="clearedByDoctor-error" message={error} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="outline" onClick={onChangeAnswers}>
            <ArrowLeft aria-hidden="true" /> {SEE_YOUR_DOCTOR.changeAnswersLabel}
          </Button>
          <Button variant="ghost" asChild>
            <Link href="/">{SEE_YOUR_DOCTOR.notNowLabel}</Link>
          </Button>
        </div>
        <Button onClick={proceed}>
          {SEE_YOUR_DOCTOR.continueLabel} <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
