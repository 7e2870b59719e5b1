import "server-only";
import { db } from "../db/client";
import { releaseHeldSeat } from "../db/cohorts/seats";
import { listLapsedOffers, lockLapsedOfferSeat } from "../db/waitlist/waitlist";
import { log } from "../log";
import { offerFreePlaces } from "../waitlist/offer-free-places";
import { runEach } from "./run-each";

// D17, Waitlist: a place offered to a waitlisted person is held for 24 hours. Once they have
// passed unclaimed, the seat is released in the same transaction that offers it to the next
// confirmed person in the queue (offerFreePlaces gives every freed place to the waitlist first) and
// queues their email; with nobody waiting the place is simply free again. An offer whose seat a
// checkout is paying for right now is left to that checkout: its hold runs until the checkout
// can no longer be paid, and the lapsed-seat-holds job settles it.

const BATCH = 100;

/** Passes one lapsed offer on; false when it is no longer lapsed and unclaimed (another worker, or a claim, came first). */
async function passLapsedOffer(entryId: string): Promise<boolean> {
  return db().begin(async (tx) => {
    const seatId = await lockLapsedOfferSeat(tx, entryId);
    const freedCohortId = seatId ? await releaseHeldSeat(tx, seatId) : null;
    if (!freedCohortId) return false;
    await offerFreePlaces(tx, freedCohortId);
    return true;
  });
}

/** The lapsed-waitlist-offers job: every offer past its 24 hours passes to the next person, or frees its place. */
export async function passLapsedWaitlistOffers(): Promise<{ passed: number }> {
  const outcome = { passed: 0 };
  await runEach(await listLapsedOffers(BATCH), "lapsed waitlist offer", async (entryId) => {
    if (await passLapsedOffer(entryId)) outcome.passed += 1;
  });
  if (outcome.passed > 0) log.info("Lapsed waitlist offers passed on", outcome);
  return outcome;
}
