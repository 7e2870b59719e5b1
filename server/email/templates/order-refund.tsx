import "server-only";
import { site } from "@/lib/site";
import { formatMoney } from "@/lib/pricing/money";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

export type OrderRefundEmailInput = {
  to: string;
  planName: string;
  /** This refund's amount (minor units). */
  refundedCents: number;
  /** ISO 4217 code, any case ("usd"). */
  currency: string;
  /** Whether everything paid is back with this refund: the seat is released and the subscription ends. */
  fullRefund: boolean;
  /** The cohort the seat was in (null: none known). */
  cohortName: string | null;
  orderReference: string;
  dashboardUrl: string;
};

export const ORDER_REFUND_SUBJECT = "Your refund is on its way";

function OrderRefund({
  planName,
  refundedCents,
  currency,
  fullRefund,
  cohortName,
  orderReference,
  dashboardUrl,
}: Omit<OrderRefundEmailInput, "to">) {
  const amount = formatMoney(refundedCents, currency);
  const cohort = cohortName ?? "your cohort";
  return (
    <EmailLayout
      preview={`We refunded ${amount} to the card you paid with.`}
      heading={`We've refunded ${amount}`}
      footer={`Order ${orderReference}. Questions? Write to ${site.contact.email}.`}
    >
      <EmailText>
        We have refunded {amount} of your payment for the {planName} plan to the card you paid with.
      </EmailText>
      <EmailText>Refunds usually show on your statement within 5–10 business days.</EmailText>
      {fullRefund ? (
        <EmailText>
          This refunds your order in full, so your place in {cohort} is released and your subscription is cancelled: it will not bill you
          again.
        </EmailText>
      ) : (
        <>
          <EmailText>
            This is a partial refund: your place in {cohort} and your subscription stay as they are, and your plan renews as before.
          </EmailText>
          <EmailButton href={dashboardUrl}>Open my dashboard</EmailButton>
        </>
      )}
    </EmailLayout>
  );
}

/** Sent once per refund of an order's payment, whoever made it (an operator, or Stripe's dashboard). */
export async function orderRefundEmail(input: OrderRefundEmailInput): Promise<EmailMessage> {
  const { to, ...props } = input;
  const { html, text } = await renderEmail(<OrderRefund {...props} />);
  return { to, subject: ORDER_REFUND_SUBJECT, html, text };
}
