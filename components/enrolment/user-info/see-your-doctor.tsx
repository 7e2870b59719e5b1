"use client";

import { useEffect, useId, useRef, useState } from "react";
import Link from "next/link";
import { ArrowLeft, MailCheck, Stethoscope } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EMAIL_MAX_LENGTH, emailProblem } from "@/lib/email/email-address";
import type { SafetyClearanceRequest } from "@/lib/questionnaire/safety-clearance-schemas";
import { SEE_YOUR_DOCTOR, type SafetyQuestion } from "@/lib/questionnaire/safety-screen";
import { clearanceProblem, requestClearanceLink } from "../safety-clearance/safety-clearance-api";
import { FieldError } from "./field-error";

type SeeYourDoctorProps = {
  /** The questions answered 'yes': each says why and what to ask. */
  reasons: readonly SafetyQuestion[];
  /** The answers the link is asked for (it covers their 'yes' and nothing else). */
  answers: SafetyClearanceRequest["safetyScreen"];
  onChangeAnswers: () => void;
};

/**
 * Beyond the spec: shown instead of a checkout after a 'yes' on the safety screen. The doctor's
 * go-ahead is not taken in this visit: the visitor leaves an address and is emailed a link to come
 * back with once cleared (server/safety-clearance/).
 */
export function SeeYourDoctor({ reasons, answers, onChangeAnswers }: SeeYourDoctorProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const [email, setEmail] = useState("");
  const write = useWrite({ message: (error) => clearanceProblem(error, SEE_YOUR_DOCTOR.sendFailed) });
  const { busy: sending } = write;
  const problem = write.error ?? undefined;
  const [sent, setSent] = useState(false);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = emailProblem(email);
    if (typed) {
      write.fail(typed);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    if ((await write.run(() => requestClearanceLink({ email, safetyScreen: answers }, SEE_YOUR_DOCTOR.sendFailed))).ok) setSent(true);
  }

  return (
    <section
      aria-labelledby="see-your-doctor-heading"
      className="flex flex-col gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
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
      </div>
      {sent ? (
        <div role="status" className="flex items-start gap-3 rounded-lg bg-muted/60 p-4">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div>
            <h3 className="font-semibold">{SEE_YOUR_DOCTOR.sentHeading}</h3>
            <p className="mt-1 text-sm">{SEE_YOUR_DOCTOR.sent}</p>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={send} aria-labelledby={`${id}-link-heading`} className="flex flex-col gap-2">
          <h3 id={`${id}-link-heading`} className="font-semibold">
            {SEE_YOUR_DOCTOR.linkHeading}
          </h3>
          <Label htmlFor={`${id}-email`}>{SEE_YOUR_DOCTOR.emailLabel}</Label>
          <p id={`${id}-email-hint`} className="text-sm text-muted-foreground">
            {SEE_YOUR_DOCTOR.emailHint}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-email-hint ${id}-email-error` : `${id}-email-hint`}
              onChange={(event) => {
                setEmail(event.target.value);
                write.reset();
              }}
            />
            <Button type="submit" disabled={sending} className="shrink-0">
              {sending ? SEE_YOUR_DOCTOR.sendingLabel : SEE_YOUR_DOCTOR.sendLabel}
            </Button>
          </div>
          <FieldError id={`${id}-email-error`} message={problem} />
        </form>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={onChangeAnswers}>
          <ArrowLeft aria-hidden="true" /> {SEE_YOUR_DOCTOR.changeAnswersLabel}
        </Button>
        <Button variant="ghost" asChild>
          <Link href="/">{SEE_YOUR_DOCTOR.notNowLabel}</Link>
        </Button>
      </div>
    </section>
  );
}
