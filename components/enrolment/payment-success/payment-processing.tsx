import { Clock } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

/** Stripe has the payment but has not confirmed it yet (e.g. a delayed payment method). */
export function PaymentProcessing({ sessionId }: { sessionId: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center text-card-foreground shadow-sm">
      <Clock aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-2xl font-bold tracking-tight">Payment processing</h1>
      <p className="text-muted-foreground">
        Your payment is being confirmed. As soon as it is through we will send you a confirmation email with your cohort details and a link
        to set up your account. You can close this page.
      </p>
      {/* A full page load, so the server checks the session again. */}
      <a href={`/payment-success?session_id=${encodeURIComponent(sessionId)}`} className={buttonVariants({ variant: "outline" })}>
        Check again
      </a>
    </div>
  );
}
