import Link from "next/link";
import { CalendarDays, CircleCheck } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { cohortDateLabel } from "@/lib/cohorts/cohort-picker-rules";
import type { PaidCheckoutResult } from "@/lib/payments/checkout-result-schema";
import { CheckEmailToast } from "./check-email-toast";
import { OrderEmailsLine } from "./order-emails-line";
import { SignUpNowButton } from "./sign-up-now-button";

type PaymentSucceededProps = Pick<PaidCheckoutResult, "planName" | "cohort" | "emails"> & { signedIn: boolean };

/** SPEC §2 payment success: the plan and cohort, the email toast, and the way to an account. */
export function PaymentSucceeded({ planName, cohort, emails, signedIn }: PaymentSucceededProps) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center text-card-foreground shadow-sm">
      <CheckEmailToast />
      <CircleCheck aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-2xl font-bold tracking-tight">Payment Successful!</h1>
      <p className="text-muted-foreground">Welcome to the challenge.</p>
      <OrderEmailsLine emails={emails} signedIn={signedIn} />
      <dl className="grid w-full gap-3 rounded-lg border bg-muted/40 p-4 text-left text-sm">
        <div>
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-semibold" data-testid="paid-plan">
            {planName}
          </dd>
        </div>
        {cohort ? (
          <div>
            <dt className="text-muted-foreground">Cohort</dt>
            <dd className="font-semibold" data-testid="paid-cohort">
              {cohort.name}
            </dd>
            <dd className="mt-1 flex items-center gap-2 text-muted-foreground">
              <CalendarDays aria-hidden="true" className="size-4" />
              {cohortDateLabel({ start_cohort_date: cohort.startsAt, end_cohort_date: cohort.endsAt })}
            </dd>
          </div>
        ) : null}
      </dl>
      {signedIn ? (
        <Link href="/dashboard" className={buttonVariants({ size: "lg" })}>
          Go to Dashboard
        </Link>
      ) : (
        <SignUpNowButton />
      )}
    </div>
  );
}
