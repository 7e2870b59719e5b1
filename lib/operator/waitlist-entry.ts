import * as z from "zod/mini";

// D17, Waitlist, as the operator area shows a cohort's queue: every entry in queue order, with
// where its offer stands.

export type WaitlistEntry = {
  id: string;
  /** 1, 2, 3 ... in the order addresses confirmed. */
  position: number;
  email: string;
  joinedAt: Date;
  confirmedAt: Date;
  state: "waiting" | "offered" | "claimed" | "passed" | "removed";
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  claimedAt: Date | null;
  passedAt: Date | null;
  removedAt: Date | null;
  /** The operator who removed it (null once their account is gone). */
  removedBy: string | null;
  removedReason: string | null;
};

const utc = (date: Date) => date.toISOString().replace("T", " ").slice(0, 16);

/** Where an entry's offer stands, in words: waiting, held until, claimed or passed on (and when). */
export function offerStateLabel(
  entry: Pick<WaitlistEntry, "state" | "offerExpiresAt" | "claimedAt" | "passedAt" | "removedAt">,
  now: Date,
): string {
  switch (entry.state) {
    case "waiting":
      return "Waiting";
    case "offered":
      return entry.offerExpiresAt && entry.offerExpiresAt.getTime() <= now.getTime()
        ? `Offer lapsed ${utc(entry.offerExpiresAt)}, passing on`
        : `Offered, held until ${entry.offerExpiresAt ? utc(entry.offerExpiresAt) : "—"}`;
    case "claimed":
      return `Claimed ${entry.claimedAt ? utc(entry.claimedAt) : ""}`.trim();
    case "passed":
      return `Lapsed, passed on ${entry.passedAt ? utc(entry.passedAt) : ""}`.trim();
    case "removed":
      return `Removed ${entry.removedAt ? utc(entry.removedAt) : ""}`.trim();
  }
}

export const WAITLIST_REMOVAL_REASON_MAX = 500;

/** POST /api/operator/waitlist/{id}/removal: take a waiting entry off the waitlist, saying why (kept for the team). */
export const waitlistRemovalRequestSchema = z.object({
  reason: z
    .string({ error: "Say why the entry is removed." })
    .check(
      z.trim(),
      z.minLength(1, "Say why the entry is removed."),
      z.maxLength(WAITLIST_REMOVAL_REASON_MAX, `Keep the reason under ${WAITLIST_REMOVAL_REASON_MAX} characters.`),
      z.regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, "The reason cannot hold control characters."),
    ),
});

export const waitlistEntryParamsSchema = z.object({ id: z.uuid({ error: "This waitlist entry does not exist." }) });

export const waitlistRemovalResultSchema = z.object({ id: z.string(), state: z.literal("removed"), removedAt: z.iso.datetime() });
export type WaitlistRemovalResult = z.output<typeof waitlistRemovalResultSchema>;
