// SPEC §9 and D14: 20% of what a referred buyer paid before tax, per paid invoice, kept in an
// append-only ledger. An entry is pending during the refund window, then due, then paid.
export const COMMISSION_PERCENT = 20;
/** Refunds within 30 days of a payment are the common case; a commission waits that long before it is due. */
export const REFUND_WINDOW_DAYS = 30;

export type CommissionReason = "first_payment" | "renewal" | "refund" | "dispute_lost" | "self_referral";
export type CommissionState = "pending" | "due" | "paid";
/**
 * A ledger entry's state: a commission or reversal is pending, due or paid; a note that an invoice
 * earned nothing (the member's own coupon or link on their own purchase) is "none".
 */
export type EntryState = CommissionState | "none";

/** A ledger entry as the server reads it: the referred buyer's address is masked before a member sees it. */
export type LedgerEntry = {
  id: string;
  createdAt: Date;
  reason: CommissionReason;
  amountCents: number;
  currency: string;
  state: EntryState;
  availableAt: Date;
  buyerEmail: string | null;
  planName: string;
};

/** 20% of the amount paid before tax, in whole cents (half a cent rounds up). */
export function commissionCents(paidBeforeTaxCents: number): number {
  return Math.round((Math.max(0, paidBeforeTaxCents) * COMMISSION_PERCENT) / 100);
}

/**
 * How much of a commission a payment's refunds and lost disputes take back in all: the same share
 * of the commission as of the payment, never more than the commission.
 */
export function reversedCommissionCents(commission: number, paidCents: number, takenBackCents: number): number {
  if (paidCents <= 0) return commission;
  return Math.round((commission * Math.min(paidCents, Math.max(0, takenBackCents))) / paidCents);
}

/** The amount paid before tax: what was paid less the taxes charged on it (never below zero). */
export function paidBeforeTaxCents(amountPaidCents: number, taxCents: number): number {
  return Math.max(0, amountPaidCents - taxCents);
}

/** Cents as the dollars the dashboard reads (SPEC §3: commission in dollars). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Why an entry is in the ledger, in the member's words. */
export function commissionReasonText(reason: CommissionReason, planName: string | null): string {
  const plan = planName ? `${planName} plan` : "plan";
  switch (reason) {
    case "first_payment":
      return `${COMMISSION_PERCENT}% of the first payment for the ${plan}`;
    case "renewal":
      return `${COMMISSION_PERCENT}% of a renewal of the ${plan}`;
    case "refund":
      return `Reversed: the payment for the ${plan} was refunded`;
    case "dispute_lost":
      return `Reversed: the payment for the ${plan} was disputed and the dispute was lost`;
    case "self_referral":
      return `No commission: your own purchase of the ${plan} (self-referral)`;
  }
}
