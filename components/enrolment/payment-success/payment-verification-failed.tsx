import Link from "next/link";
import { CircleAlert } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import type { CheckoutFailureReason } from "@/lib/payments/checkout-result-schema";
import { site } from "@/lib/site";

/** SPEC §2: no session id, or one we cannot confirm as paid. */
export function PaymentVerificationFailed({ reason }: { reason: CheckoutFailureReason }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center text-card-foreground shadow-sm">
      <CircleAlert aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold tracking-tight">Payment Verification Failed</h1>
      {reason === "missing" ? (
        <p className="text-muted-foreground">No session ID found</p>
      ) : (
        <p className="text-muted-foreground">
          We could not confirm this payment. If you were charged, check your email or contact us at{" "}
          <a href={`mailto:${site.contact.email}`} className="font-medium text-primary underline underline-offset-4">
            {site.contact.email}
          </a>
          .
        </p>
      )}
      <Link href="/payment" className={buttonVariants()}>
        Return to Payment
      </Link>
    </div>
  );
}
