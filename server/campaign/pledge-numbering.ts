import "server-only";
import { db } from "../db/client";
import { numberWaitingPledges, pledgeNumberOf, tryHoldPledgeNumbering, type NumberedPledge } from "../db/campaign/pledge-numbers";
import { log } from "../log";
import { queueBadgeEmail } from "./pledges";

// D6: confirmed pledges are numbered in batches. A round numbers every pledge waiting and queues
// each one's badge email in the same transaction (the email carries the number, so it exists only
// once the number does). In a process one round runs at a time: a confirmer whose pledge has been
// kept joins the next round (which starts after it asked, so it sees that pledge), and at a peak
// one transaction numbers the pledges of many confirmations at once instead of each taking the
// table's lock in turn. Across processes the numbering is held by one transaction at a time; a
// round that finds it taken numbers nothing, and its confirmers look for their number and try again.

/** Pledges one transaction numbers at most (the rest wait for the next). */
const BATCH_LIMIT = 500;
/** How long a confirmer waits for their number before the page says it is on its way (it still comes). */
const WAIT_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Numbers the pledges waiting (up to BATCH_LIMIT) and queues their badge emails, in one
 * transaction; null when another transaction is numbering (nothing done).
 */
export async function numberPledges(): Promise<NumberedPledge[] | null> {
  return db().begin(async (tx) => {
    if (!(await tryHoldPledgeNumbering(tx))) return null;
    const numbered = await numberWaitingPledges(tx, BATCH_LIMIT);
    await Promise.all(numbered.map((pledge) => queueBadgeEmail(tx, pledge, pledge.confirmationId ?? pledge.id)));
    return numbered;
  });
}

type Round = Promise<NumberedPledge[] | null>;
let running: Round | null = null;
let queued: Round | null = null;

/** The next round of this process: one not started yet (started once the running one ends). */
function nextRound(): Round {
  if (queued) return queued;
  const round: Round = (running ?? Promise.resolve(null))
    .catch(() => null)
    .then(() => {
      queued = null;
      running = round;
      return numberPledges();
    })
    .finally(() => {
      if (running === round) running = null;
    });
  queued = round;
  return round;
}

/**
 * The number of a pledge kept by a committed confirmation, given by this process's next round or
 * by another process's. Null if it has none within WAIT_MS (or the numbering failed): it is then
 * numbered by the next confirmation or the scheduled run (numberAllWaitingPledges).
 */
export async function awaitPledgeNumber(pledgeId: string): Promise<number | null> {
  const deadline = Date.now() + WAIT_MS;
  try {
    for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
      const batch = await nextRound();
      const mine = batch?.find((pledge) => pledge.id === pledgeId);
      if (mine) return mine.pledgeNumber;
      const number = await pledgeNumberOf(pledgeId);
      if (number !== null || Date.now() >= deadline) return number;
      // Another process holds the numbering: its round may have begun before this pledge was kept.
      if (!batch) await sleep(pause * (0.5 + Math.random()));
    }
  } catch (error) {
    log.error("Pledge numbering failed; the pledge waits for the next", { error });
    return null;
  }
}

/** Scheduled: numbers every pledge still waiting (one whose confirmer's request ended before its number came). */
export async function numberAllWaitingPledges(): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await numberPledges();
    if (!batch || batch.length === 0) return total;
    total += batch.length;
  }
}
