import "server-only";
import { site } from "@/lib/site";
import { formatMoney } from "@/lib/pricing/money";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

export type ReplacedCheckoutRefundEmailInput = {
  to: string;
  planName: string;
  /** What was paid and is now refunded in full (minor units). */
  refundedCents: number;
  /** ISO 4217 code, any case ("usd"). */
  currency: string;
  orderReference: string;
  /** Where a new checkout starts (the pricing section). */
  pricingUrl: string;
};

export const REPLACED_CHECKOUT_REFUND_SUBJECT = "Your earlier checkout has been refunded";

function ReplacedCheckoutRefund({
  planName,
  refundedCents,
  currency,
  orderReference,
  pricingUrl,
}: Omit<ReplacedCheckoutRefundEmailInput, "to">) {
  const amount = formatMoney(refundedCents, currency);
  return (
    <EmailLayout
      preview={`We refunded ${amount}: that checkout had been replaced by a newer one.`}
      heading="We've refunded your earlier checkout"
      footer={`Order ${orderReference}. Questions? Write to ${site.contact.email}.`}
    >
      <EmailText>
        You started a new checkout for the {planName} plan, which replaced an earlier one. A payment for that earlier checkout still came
        through, so you would have paid twice. We have refunded it in full: {amount}. Its subscription is cancelled, so it will not bill you
        again.
      </EmailText>
      <EmailText>Refunds usually show on your statement within 5–10 business days.</EmailText>
      <EmailText>
        Your place in the cohort belongs to your newer checkout. If you completed it, you have a separate receipt for it. If you did not,
        you can start again:
      </EmailText>
      <EmailButton href={pricingUrl}>Choose a plan</EmailButton>
    </EmailLayout>
  );
}

/** Sent when a checkout the buyer had replaced was paid anyway, and that payment was refunded. */
export async function replacedCheckoutRefundEmail(input: ReplacedCheckoutRefundEmailInput): Promise<EmailMessage> {
  const { to, ...props } = input;
  const { html, text } = await renderEmail(<ReplacedCheckoutRefund {...props} />);
  return { to, subject: REPLACED_CHECKOUT_REFUND_SUBJECT, html, text };
}
