import { formatMoney } from "../pricing/money";
import { COMMISSION_PERCENT, type CommissionState, type EntryState } from "./commission";

// SPEC §2 Dashboard and §8: the affiliate cards' words. Lines the spec leaves to us are marked.
export const AFFILIATE_LINK_LOAD_FAILED = "Failed to fetch affiliate link";
export const AFFILIATE_STATS_LOAD_FAILED = "Failed to fetch affiliate stats";
export const COMMUNITY_REWARDS_NOTE = `${COMMISSION_PERCENT}% profit for each person you help`;

/** SPEC §2: the four stat cards; Inquirers and Subscribers have shorter names on a phone. */
export const STAT_CARDS = [
  { key: "visitors", label: "Total Visitors", mobileLabel: "Total Visitors" },
  { key: "leads", label: "Inquirers", mobileLabel: "Leads" },
  { key: "conversions", label: "Subscribers", mobileLabel: "Conversions" },
  { key: "commission", label: "Community Rewards", mobileLabel: "Community Rewards" },
] as const;

/** SPEC §8: '{Link or Code} copied to clipboard!' or 'Failed to copy {..}'. */
export type Copied = "Link" | "Code";
export const copiedMessage = (what: Copied) => `${what} copied to clipboard!`;
export const copyFailedMessage = (what: Copied) => `Failed to copy ${what.toLowerCase()}`;

// Ours.
export const AFFILIATE_CARD_TITLE = "Your Affiliate Link";
export const AFFILIATE_CARD_INTRO = `Share your link or coupon code. Your friend gets a discount on their first payment and you earn ${COMMISSION_PERCENT}% of what they pay.`;
export const COUPON_NOT_READY = "Your coupon code is not ready yet. Please try again in a moment.";
export const LEDGER_TITLE = "Rewards";
export const LEDGER_EMPTY = `No rewards yet. When someone you refer pays, ${COMMISSION_PERCENT}% of their payment shows up here.`;
export const STATE_LABEL: Record<EntryState, string> = { pending: "Pending", due: "Due", paid: "Paid", none: "No commission" };
export const STATE_HELP: Record<CommissionState, string> = {
  pending: "Waiting out the 30-day refund window",
  due: "To be paid in the next payout",
  paid: "Paid out to you",
};

/** Dollars as the cards show them: "$29.80", "−$1.85". */
export function formatDollars(dollars: number): string {
  const cents = Math.round(dollars * 100);
  return `${cents < 0 ? "−" : ""}${formatMoney(Math.abs(cents))}`;
}

/** "23 Nov 2026" */
export function formatEntryDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(new Date(iso));
}
