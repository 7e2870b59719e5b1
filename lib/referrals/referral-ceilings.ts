// How many referral visits and leads a day count in an affiliate's numbers.
// Beyond these the rows are still kept (and still attribute a purchase), flagged for review.

/** Counted visits per affiliate from one client address per UTC day (a household or an office). */
export const VISITS_PER_ADDRESS_PER_DAY = 5;
/** Counted visits per affiliate per UTC day, whatever the addresses. */
export const VISITS_PER_AFFILIATE_PER_DAY = 500;
/** Counted leads per affiliate per UTC day. */
export const LEADS_PER_AFFILIATE_PER_DAY = 25;

export type VisitFlag = "address_daily_ceiling" | "affiliate_daily_ceiling";
export type LeadFlag = "affiliate_daily_ceiling";
