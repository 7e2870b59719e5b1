import type { OrderEmailsStatus } from "@/lib/payments/checkout-result-schema";

// Ours (SPEC §2 has only the toast): the receipt and set-up link are sent by a job after the
// payment is recorded, so the page says where they stand rather than promising they arrived.
export const ORDER_EMAILS_LINES = {
  sent: "We have emailed your receipt and a link to set up your account password.",
  sentSignedIn: "We have emailed your receipt.",
  queued: "Your receipt and account set-up email are on their way.",
  queuedSignedIn: "Your receipt is on its way.",
  failed: "We could not send your receipt yet; we keep trying.",
} as const;

/** The line under 'Payment Successful!' about the order's emails; nothing when it has none. */
export function OrderEmailsLine({ emails, signedIn }: { emails: OrderEmailsStatus; signedIn: boolean }) {
  if (emails === "none") return null;
  const line =
    emails === "failed"
      ? ORDER_EMAILS_LINES.failed
      : emails === "queued"
        ? signedIn
          ? ORDER_EMAILS_LINES.queuedSignedIn
          : ORDER_EMAILS_LINES.queued
        : signedIn
          ? ORDER_EMAILS_LINES.sentSignedIn
          : ORDER_EMAILS_LINES.sent;
  return (
    <p className="text-muted-foreground" data-testid="order-emails" data-state={emails}>
      {line}
    </p>
  );
}
