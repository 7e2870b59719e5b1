/**
 * An affiliate's figures: SPEC §3's visitors, leads and conversions, and D14's split of their
 * commission, in cents. The member's dashboard and the operator area read the same figures.
 */
export type AffiliateFigures = {
  visitors: number;
  leads: number;
  conversions: number;
  /** Every commission net of its reversals: pending + due + paid (the dashboard's "commission"). */
  earnedCents: number;
  pendingCents: number;
  dueCents: number;
  paidCents: number;
};
