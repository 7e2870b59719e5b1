import { firstParam, type SearchParams } from "@/lib/search-params";
import { ClearEnrolmentDraft } from "@/components/enrolment/payment-success/clear-enrolment-draft";
import { PaymentProcessing } from "@/components/enrolment/payment-success/payment-processing";
import { PaymentSucceeded } from "@/components/enrolment/payment-success/payment-succeeded";
import { PaymentVerificationFailed } from "@/components/enrolment/payment-success/payment-verification-failed";
import { pageMetadata } from "@/lib/page-metadata";
import { currentUser } from "@/server/auth/current-user";
import { checkoutResult } from "@/server/payments/checkout-result";

export const metadata = pageMetadata({
  title: "Payment confirmation",
  description: "The confirmation of your Glucose Challenge payment and what happens next.",
  path: "/payment-success",
  noindex: true,
});

/** Whether to offer the dashboard rather than 'Sign Up Now'; when auth cannot say, offer sign-up. */
async function isSignedIn(): Promise<boolean> {
  try {
    return (await currentUser()) !== null;
  } catch {
    return false;
  }
}

export default async function PaymentSuccessPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sessionId = firstParam(await searchParams, "session_id");
  // Reads the session from Stripe and fulfils it, so a lost webhook loses nothing (D4).
  const result = await checkoutResult(sessionId);

  if (result.status === "failed") return <PaymentVerificationFailed reason={result.reason} />;
  if (result.status === "processing") {
    return (
      <>
        <ClearEnrolmentDraft />
        <PaymentProcessing sessionId={sessionId ?? ""} />
      </>
    );
  }
  return <PaymentSucceeded planName={result.planName} cohort={result.cohort} emails={result.emails} signedIn={await isSignedIn()} />;
}
