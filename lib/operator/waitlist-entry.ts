// D17, Waitlist, as the operator area shows a cohort's queue: every entry in queue order, with
// where its offer stands.

export type WaitlistEntry = {
  id: string;
  /** 1, 2, 3 ... in the order addresses confirmed. */
  position: number;
  email: string;
  joinedAt: Date;
  confirmedAt: Date;
  state: "waiting" | "offered" | "claimed" | "passed";
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  claimedAt: Date | null;
  passedAt: Date | null;
};

const utc = (date: Date) => date.toISOString().replace("T", " ").slice(0, 16);

/** Where an entry's offer stands, in words: waiting, held until, claimed or passed on (and when). */
export function offerStateLabel(entry: Pick<WaitlistEntry, "state" | "offerExpiresAt" | "claimedAt" | "passedAt">, now: Date): string {
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
  }
}
