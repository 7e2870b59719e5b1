"use client";

import { useState } from "react";
import { ArrowLeft, Lock, Timer } from "lucide-react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { checkoutRequest } from "@/lib/enrolment/checkout-request";
import {
  COHORT_FILLED_UP,
  PAYMENT_ERROR_TITLE,
  PAYMENT_FAILED_DEFAULT,
  PAYMENT_SESSION_EXPIRED,
  REDIRECTING_TO_STRIPE,
  SESSION_EXPIRED_BUTTON,
} from "@/lib/enrolment/enrolment-messages";
import { orderSummary } from "@/lib/pricing/order-summary";
import { formatCountdown } from "@/lib/enrolment/payment-countdown";
import type { PlanChoice } from "@/lib/enrolment/plan-choice";
import { readJson, writeJson } from "@/components/storage/browser-storage";
import { COUPON_INVALID_MESSAGE, couponCodeSchema, openCheckoutSchema, type CheckoutSessionRequest } from "@/lib/payments/checkout-schemas";
import { storageKeys } from "@/lib/storage-keys";
import { OrderSummaryCard } from "./order-summary-card";
import { redirectToCheckout } from "./redirect-to-checkout";
import { storedCheckoutContext } from "./stored-checkout-context";
import { isCohortRejection, useCheckoutSession } from "./use-checkout-session";
import { usePaymentCountdown } from "./use-payment-countdown";
import { useRestoredFromCache } from "@/components/hooks/use-restored-from-cache";

export type PaymentStepProps = {
  choice: PlanChoice;
  cohortId: string;
  /** The chosen cohort's details; undefined while they load. */
  cohort: Cohort | undefined;
  /** False until the chosen cohort is confirmed (or cannot be checked here: the server will). */
  canPay: boolean;
  userInfo: CheckoutSessionRequest["metadata"]["user_info"];
  couponCode: string;
  onCouponChange: (couponCode: string) => void;
  onBack: () => void;
  /** The server turned the cohort down (full, started, unknown): back to step 2 with this message. */
  onCohortRejected: (message: string) => void;
  /** D17: the claim link of the waitlist offer whose held place this checkout pays for. */
  waitlistClaimToken?: string;
  /** The server turned the claim down (claimed already, lapsed, not valid): back to step 2 with this message. */
  onClaimRejected: (message: string) => void;
};

/** SPEC §2/§4 step 3: the 480 s session, the order summary and the way to Stripe Checkout. */
export function PaymentStep(props: PaymentStepProps) {
  const {
    choice,
    cohortId,
    cohort,
    canPay,
    userInfo,
    couponCode,
    onCouponChange,
    onBack,
    onCohortRejected,
    waitlistClaimToken,
    onClaimRejected,
  } = props;
  const left = usePaymentCountdown();
  const expired = left === 0;
  const checkout = useCheckoutSession();
  const { reset } = checkout;
  const [couponError, setCouponError] = useState<string | null>(null);
  const redirecting = checkout.busy || checkout.done;
  const summary = orderSummary(choice);

  useRestoredFromCache(reset);

  function fail(error: unknown) {
    const message = error instanceof ApiRequestError ? error.message : PAYMENT_FAILED_DEFAULT;
    toast.error(PAYMENT_ERROR_TITLE, { description: message });
    if (!(error instanceof ApiRequestError)) return;
    const claimProblem = error.details.find((d) => d.path === "waitlistClaimToken");
    if (claimProblem) {
      onClaimRejected(claimProblem.message);
      return;
    }
    if (isCohortRejection(error)) {
      onCohortRejected(error.status === 409 ? COHORT_FILLED_UP : (error.details.find((d) => d.path === "cohortId")?.message ?? message));
      return;
    }
    const coupon = error.details.find((d) => d.path === "couponCode");
    if (coupon) setCouponError(coupon.message);
  }

  function pay() {
    if (expired || redirecting || !canPay) return;
    const coupon = couponCodeSchema.safeParse(couponCode);
    if (!coupon.success) {
      setCouponError(coupon.error.issues[0]?.message ?? COUPON_INVALID_MESSAGE);
      return;
    }
    setCouponError(null);
    const request = checkoutRequest({
      choice,
      origin: window.location.origin,
      cohortId,
      couponCode: coupon.data,
      userInfo,
      ...storedCheckoutContext(Date.now()),
    });
    // The checkout this tab opened before (the buyer came back from Stripe): its id and the secret
    // that proves this tab opened it, so the server gives its seat back.
    const previous = openCheckoutSchema.safeParse(readJson(storageKeys.openCheckoutSession, "session"));
    if (previous.success) {
      request.previousSessionId = previous.data.sessionId;
      request.previousSessionSecret = previous.data.sessionSecret;
    }
    if (waitlistClaimToken) request.waitlistClaimToken = waitlistClaimToken;
    void checkout.createSession(request).then((outcome) => {
      if (!outcome.ok) {
        if (outcome.error) fail(outcome.error);
        return;
      }
      const session = outcome.data;
      writeJson(storageKeys.openCheckoutSession, { sessionId: session.sessionId, sessionSecret: session.sessionSecret }, "session");
      redirectToCheckout(session.sessionUrl);
    });
  }

  const otherError = checkout.failure && !isCohortRejection(checkout.failure) && !couponError ? checkout.failure : null;

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
      <OrderSummaryCard choice={choice} cohort={cohort} />
      <section
        aria-labelledby="checkout-title"
        className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <h2 id="checkout-title" className="text-lg font-semibold">
          Checkout
        </h2>
        <p className="flex items-center gap-2 text-sm">
          <Timer aria-hidden="true" className="size-4 text-primary" />
          <span>Time left to complete payment:</span>
          <span
            role="timer"
            aria-label="Time left to complete payment"
            data-testid="payment-countdown"
            className="font-mono font-semibold tabular-nums"
          >
            {formatCountdown(left)}
          </span>
        </p>
        {expired ? (
          <Alert variant="destructive">
            <AlertDescription>{PAYMENT_SESSION_EXPIRED}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2">
          <Label htmlFor="couponCode">Coupon code (optional)</Label>
          <Input
            id="couponCode"
            name="couponCode"
            autoComplete="off"
            maxLength={40}
            value={couponCode}
            aria-invalid={couponError ? true : undefined}
            aria-describedby={couponError ? "couponCode-error" : undefined}
            onChange={(event) => {
              onCouponChange(event.target.value);
              setCouponError(null);
            }}
          />
          {couponError ? (
            <p id="couponCode-error" role="alert" className="text-sm font-medium text-destructive">
              {couponError}
            </p>
          ) : null}
        </div>
        {otherError ? (
          <Alert variant="destructive">
            <AlertTitle>{PAYMENT_ERROR_TITLE}</AlertTitle>
            <AlertDescription>{otherError instanceof ApiRequestError ? otherError.message : PAYMENT_FAILED_DEFAULT}</AlertDescription>
          </Alert>
        ) : null}
        <Button size="lg" className="w-full" disabled={expired || redirecting || !canPay} onClick={pay}>
          {expired ? null : <Lock aria-hidden="true" />}
          {expired ? SESSION_EXPIRED_BUTTON : redirecting ? REDIRECTING_TO_STRIPE : summary.payLabel}
        </Button>
        <p className="text-center text-xs text-muted-foreground">You pay on Stripe&apos;s secure checkout page.</p>
        <Button variant="outline" className="w-full" onClick={onBack} disabled={redirecting}>
          <ArrowLeft aria-hidden="true" /> Back to Choose Cohort
        </Button>
      </section>
    </div>
  );
}
