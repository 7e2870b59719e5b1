"use client";

import { useState } from "react";
import Link from "next/link";
import { MailCheck, MailX } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { PRICING_PATH } from "@/lib/enrolment/plan-choice";
import { LINK_TOKEN_PATTERN, type WaitlistConfirmationResult } from "@/lib/waitlist/waitlist-schemas";
import { confirmWaitlist, waitlistProblem } from "./waitlist-api";

/**
 * D18: the page a waitlist confirmation email links to. Opening it confirms nothing (a
 * mail scanner following the link queues nobody): the reader presses the button.
 */
export function WaitlistConfirmation({ token }: { token: string }) {
  const [result, setResult] = useState<WaitlistConfirmationResult | null>(
    LINK_TOKEN_PATTERN.test(token) ? null : { status: "invalid", cohortName: null },
  );
  const { run, busy: sending, error } = useWrite({ message: waitlistProblem });

  async function onConfirm() {
    const outcome = await run(() => confirmWaitlist(token));
    if (outcome.ok) setResult(outcome.data);
  }

  if (!result) {
    return (
      <>
        <MailCheck aria-hidden="true" className="size-12 text-primary" />
        <h1 className="text-3xl font-bold">Confirm your place on the waitlist</h1>
        <p className="text-muted-foreground">Press the button to confirm this address and join the queue.</p>
        <p role="alert" className="min-h-5 text-sm text-destructive">
          {error}
        </p>
        <Button size="lg" onClick={onConfirm} disabled={sending}>
          {sending ? "Confirming…" : "Confirm my place"}
        </Button>
      </>
    );
  }

  if (result.status === "invalid") {
    return (
      <div role="status" className="flex flex-col items-center gap-4">
        <MailX aria-hidden="true" className="size-12 text-destructive" />
        <h1 className="text-3xl font-bold">This link has expired or is not valid</h1>
        <p className="text-muted-foreground">
          Confirmation links work for 72 hours. Join the waitlist again from the cohort list and we will send a new one.
        </p>
        <Button asChild>
          <Link href={PRICING_PATH}>See plans and cohorts</Link>
        </Button>
      </div>
    );
  }

  return (
    <div role="status" className="flex flex-col items-center gap-4">
      <MailCheck aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-3xl font-bold">You are on the waitlist</h1>
      <p className="text-muted-foreground">
        {result.status === "already-confirmed" ? "Your address was already confirmed. " : ""}
        When a place in {result.cohortName ?? "the cohort"} frees up, we email you a link that holds it for you for 24 hours.
      </p>
    </div>
  );
}
