import * as z from "zod/mini";
import { MAX_HOLD_REASON, MAX_PAYOUT_ENTRIES, MAX_PAYOUT_REFERENCE } from "./affiliates";

// The operator's affiliate actions (D17): the routes parse their bodies with these schemas and
// answer in the shapes below; the page's forms send what these accept.

/** The largest payout one request records, in cents ($10,000,000): anything larger is a typing slip. */
export const MAX_PAYOUT_CENTS = 1_000_000_000;

export const affiliateIdParamsSchema = z.object({ id: z.uuid({ error: "The affiliate id must be a UUID." }) });

/** POST /api/operator/affiliates/{id}/hold: why the affiliate's payouts are held. */
export const payoutHoldRequestSchema = z.object({
  reason: z
    .string({ error: "Give the reason for the hold." })
    .check(
      z.trim(),
      z.minLength(1, "Give the reason for the hold."),
      z.maxLength(MAX_HOLD_REASON, `Keep the reason under ${MAX_HOLD_REASON} characters.`),
    ),
});

/**
 * POST /api/operator/affiliates/{id}/payouts: marks what is due paid. `amountCents` is the due
 * amount the operator saw (all that is due, or the chosen entries' sum): the payout is recorded
 * only while it is still exactly that. `requestKey` is the request's own id, so a replay pays nothing.
 */
export const payoutRequestSchema = z.object({
  amountCents: z
    .int({ error: "Give the amount in cents, as a whole number." })
    .check(z.positive("The amount must be more than zero."), z.maximum(MAX_PAYOUT_CENTS, "This amount is larger than any payout can be.")),
  reference: z
    .string({ error: "Give the payment's reference." })
    .check(
      z.trim(),
      z.minLength(1, "Give the payment's reference, such as the bank transfer's."),
      z.maxLength(MAX_PAYOUT_REFERENCE, `Keep the reference under ${MAX_PAYOUT_REFERENCE} characters.`),
    ),
  requestKey: z.uuid({ error: "The request key must be a UUID." }),
  entryIds: z.optional(
    z.array(z.uuid({ error: "Each entry id must be a UUID." })).check(
      z.minLength(1, "Choose at least one entry."),
      z.maxLength(MAX_PAYOUT_ENTRIES, `Choose at most ${MAX_PAYOUT_ENTRIES} entries at a time.`),
      z.refine((ids) => new Set(ids).size === ids.length, "Name each entry once."),
    ),
  ),
});

export type PayoutRequest = z.output<typeof payoutRequestSchema>;
export type PayoutRequestInput = z.input<typeof payoutRequestSchema>;

const isoTime = z.iso.datetime({ offset: true });

/** Whether an affiliate's payouts are held, why, by whom and since when. */
export const payoutHoldStateSchema = z.object({
  affiliateId: z.string(),
  held: z.boolean(),
  reason: z.nullable(z.string()),
  heldAt: z.nullable(isoTime),
  heldBy: z.nullable(z.string()),
});

/** A payout recorded in the ledger, and what is due after it. */
export const recordedPayoutSchema = z.object({
  payoutId: z.string(),
  affiliateId: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  entries: z.int(),
  reference: z.string(),
  dueCents: z.int(),
});
