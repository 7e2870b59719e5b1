import "server-only";
import type { CSSProperties, ReactNode } from "react";
import { Heading, Section } from "@react-email/components";
import { site } from "@/lib/site";
import { formatMoney } from "@/lib/pricing/money";
import { formatDate } from "../format";
import { cohortStartIcs } from "../ics";
import { EmailButton, EmailLayout, EmailText, emailColors } from "../email-layout";
import { DATA_TABLE_CLASS, renderEmail } from "../render";
import type { EmailAttachment, EmailMessage } from "../send-email";

export type PaymentConfirmationCohort = {
  id: string;
  name: string;
  /** First day of the cohort (midnight UTC of that day, as stored). */
  startsAt: Date | null;
  /**
   * The moment the cohort ends, as stored in cohorts.end_cohort_date (start + duration_days, i.e.
   * midnight after the last day). The last day shown and put in the calendar is the day before.
   */
  endsAt: Date | null;
};

export type PaymentConfirmationEmailInput = {
  to: string;
  planName: string;
  /** How often the plan renews, e.g. "every 3 months". */
  billingLabel: string;
  hasCgm: boolean;
  /** What was charged in total, tax included and discount taken off (minor units). */
  amountPaidCents: number;
  taxCents: number;
  discountCents: number;
  /** ISO 4217 code, any case ("usd"). */
  currency: string;
  orderReference: string;
  cohort: PaymentConfirmationCohort | null;
  /** The chosen cohort filled up before the payment came through: the buyer picks another one. */
  cohortFilledUp?: boolean;
  dashboardUrl: string;
};

export const COHORT_ICS_FILENAME = "cohort-start.ics";
export const COHORT_ICS_CONTENT_TYPE = "text/calendar; charset=utf-8; method=PUBLISH";

const cellStyle: CSSProperties = {
  padding: "8px 0",
  borderBottom: `1px solid ${emailColors.border}`,
  fontSize: "15px",
  lineHeight: "1.4",
  verticalAlign: "top",
};

function ReceiptRow({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  const weight: CSSProperties = strong ? { fontWeight: 700 } : {};
  return (
    <tr>
      <td style={{ ...cellStyle, ...weight, color: strong ? emailColors.text : emailColors.muted }}>{label}</td>
      <td style={{ ...cellStyle, ...weight, textAlign: "right" }}>{children}</td>
    </tr>
  );
}

/** The cohort's last day: the day of the last moment before endsAt, never before the first day. */
function lastCohortDay(cohort: PaymentConfirmationCohort): Date | null {
  if (!cohort.startsAt || !cohort.endsAt) return null;
  const last = new Date(cohort.endsAt.getTime() - 1);
  return last < cohort.startsAt ? cohort.startsAt : last;
}

function cohortDates(cohort: PaymentConfirmationCohort): string {
  if (!cohort.startsAt) return "Dates to be announced";
  const lastDay = lastCohortDay(cohort);
  if (!lastDay) return `Starts ${formatDate(cohort.startsAt)}`;
  const first = formatDate(cohort.startsAt);
  const last = formatDate(lastDay);
  return first === last ? first : `${first} – ${last}`;
}

function PaymentConfirmation(props: Omit<PaymentConfirmationEmailInput, "to"> & { hasCalendarFile: boolean }) {
  const { planName, billingLabel, hasCgm, currency, cohort, hasCalendarFile } = props;
  const money = (cents: number) => formatMoney(cents, currency);
  const total = money(props.amountPaidCents);
  return (
    <EmailLayout
      preview={`Receipt for your ${planName} plan: ${total}.`}
      heading="Payment received"
      footer={`Keep this email as your receipt. Questions about your payment? Write to ${site.contact.email} and mention order ${props.orderReference}.`}
    >
      <EmailText>
        Thanks for joining {site.name}. Your {planName} plan, billed {billingLabel}
        {hasCgm ? ", with CGM devices included" : ""}, is paid.
      </EmailText>
      <table
        className={DATA_TABLE_CLASS}
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ width: "100%", borderCollapse: "collapse", margin: "16px 0 24px" }}
      >
        <tbody>
          <ReceiptRow label="Plan">{planName}</ReceiptRow>
          <ReceiptRow label="Billing">{billingLabel}</ReceiptRow>
          {hasCgm ? <ReceiptRow label="CGM devices">Included</ReceiptRow> : null}
          {props.discountCents > 0 ? <ReceiptRow label="Discount">-{money(props.discountCents)}</ReceiptRow> : null}
          <ReceiptRow label="Tax">{money(props.taxCents)}</ReceiptRow>
          <ReceiptRow label="Total paid" strong>
            {total}
          </ReceiptRow>
          <ReceiptRow label="Order reference">{props.orderReference}</ReceiptRow>
        </tbody>
      </table>
      {cohort ? (
        <Section>
          <Heading as="h2" style={{ margin: "0 0 8px", fontSize: "18px", color: emailColors.heading }}>
            Your cohort
          </Heading>
          <EmailText style={{ margin: "0 0 4px", fontWeight: 700 }}>{cohort.name}</EmailText>
          <EmailText>{cohortDates(cohort)}</EmailText>
          {hasCalendarFile ? (
            <EmailText>The attached calendar file ({COHORT_ICS_FILENAME}) adds these dates to your calendar.</EmailText>
          ) : null}
        </Section>
      ) : null}
      {props.cohortFilledUp ? (
        <EmailText>
          The cohort you chose filled up before your payment came through, so your plan has no cohort yet. Choose another one from your
          dashboard.
        </EmailText>
      ) : null}
      <EmailButton href={props.dashboardUrl}>Open your dashboard</EmailButton>
    </EmailLayout>
  );
}

function cohortAttachment(cohort: PaymentConfirmationCohort, dashboardUrl: string): EmailAttachment | null {
  if (!cohort.startsAt) return null;
  return {
    filename: COHORT_ICS_FILENAME,
    contentType: COHORT_ICS_CONTENT_TYPE,
    content: cohortStartIcs({
      uid: `cohort-${cohort.id}@${site.domain}`,
      title: `${site.name}: ${cohort.name}`,
      description: `Your ${site.name} cohort "${cohort.name}". Your dashboard and coach bot: ${dashboardUrl}`,
      start: cohort.startsAt,
      end: lastCohortDay(cohort),
      url: dashboardUrl,
    }),
  };
}

/** The receipt sent after a successful checkout, with the cohort's dates as a calendar file when known. */
export async function paymentConfirmationEmail(input: PaymentConfirmationEmailInput): Promise<EmailMessage> {
  const { to, ...props } = input;
  const attachment = input.cohort ? cohortAttachment(input.cohort, input.dashboardUrl) : null;
  const { html, text } = await renderEmail(<PaymentConfirmation {...props} hasCalendarFile={attachment !== null} />);
  return {
    to,
    subject: `Payment received: ${input.planName} plan`,
    html,
    text,
    ...(attachment ? { attachments: [attachment] } : {}),
  };
}
