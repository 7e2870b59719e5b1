// D17, Orders: what an operator's search text can name. An address (or its beginning), an
// order id, an order's reference as its emails print it (the id's first 8 characters), or a Stripe
// id, recognised by its prefix, a refund's Stripe id (re_, pyr_) or a cohort's name (any part of it).
// Each kind is looked up through an index of its own (a cohort's name in the small cohorts table).

export type StripeIdKind = "checkout_session" | "payment_intent" | "charge" | "invoice" | "subscription" | "customer";

export type OrderSearch = {
  /** The search as the beginning of a buyer's address, lower case; null when it cannot be one. */
  emailPrefix: string | null;
  /** A whole order id. */
  orderId: string | null;
  /** The first 8 hexadecimal characters of an order id (an order reference, any case). */
  orderReference: string | null;
  stripe: { kind: StripeIdKind; id: string } | null;
  /** A refund's Stripe id, as the refunds an operator made record it. */
  refundId: string | null;
  /** Text a cohort's name may contain, lower case; null when too short to mean one. */
  cohortName: string | null;
};

const STRIPE_PREFIXES: [prefix: string, kind: StripeIdKind][] = [
  ["cs_", "checkout_session"],
  ["pi_", "payment_intent"],
  ["ch_", "charge"],
  ["py_", "charge"],
  ["in_", "invoice"],
  ["sub_", "subscription"],
  ["cus_", "customer"],
];

// A refund (re_) or, for some payment methods, a payment refund (pyr_), as order_refunds allows.
const REFUND_PREFIXES = ["re_", "pyr_"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REFERENCE = /^[0-9a-f]{8}$/;
const STRIPE_ID = /^[A-Za-z0-9_]{4,255}$/;
// What an address may hold (RFC 5321's local part, loosely, and a domain); nothing else is looked up.
const EMAIL_PART = /^[a-z0-9.!#$%&'*+/=?^_`{|}~@-]{1,254}$/;

/** What a search text asks for; an empty text asks for nothing (the whole list). */
export function parseOrderSearch(text: string): OrderSearch | null {
  const q = text.trim();
  if (q === "") return null;
  const stripe = STRIPE_PREFIXES.find(([prefix]) => q.startsWith(prefix));
  const none = { emailPrefix: null, orderId: null, orderReference: null, stripe: null, refundId: null, cohortName: null };
  if (stripe && STRIPE_ID.test(q)) return { ...none, stripe: { kind: stripe[1], id: q } };
  if (REFUND_PREFIXES.some((prefix) => q.startsWith(prefix)) && STRIPE_ID.test(q)) return { ...none, refundId: q };
  const lower = q.toLowerCase().replace(/^order\s+/, "");
  return {
    emailPrefix: EMAIL_PART.test(lower) ? lower : null,
    orderId: UUID.test(lower) ? lower : null,
    orderReference: REFERENCE.test(lower) ? lower : null,
    stripe: null,
    refundId: null,
    cohortName: q.length >= 2 ? q.toLowerCase() : null,
  };
}

/** The range of order ids starting with a reference: from its first possible id to its last. */
export function orderReferenceRange(reference: string): [from: string, to: string] {
  return [`${reference}-0000-0000-0000-000000000000`, `${reference}-ffff-ffff-ffff-ffffffffffff`];
}
