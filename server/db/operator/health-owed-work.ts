import "server-only";
import { db } from "../client";

// Work we owe someone (the view public.owed_work: emails and Telegram messages out, Stripe events
// and Telegram updates in) as the operators' Health page sees it. Each read leaves out done work,
// so the view reads only its queued and failed branches, through their partial indexes.

export type OwedWorkCountRow = {
  direction: string;
  channel: string;
  queued: number;
  failed: number;
  /** Seconds since the oldest queued item of this kind was created (null when none is queued; below zero for one written after this statement began). */
  oldestQueuedSeconds: number | null;
};

/** Queued and failed work per kind (direction and channel); kinds with neither are left out. */
export async function countOwedWork(): Promise<OwedWorkCountRow[]> {
  return db()<OwedWorkCountRow[]>`
    select direction, channel,
      count(*) filter (where state = 'queued')::int as queued,
      count(*) filter (where state = 'failed')::int as failed,
      floor(extract(epoch from now() - min(created_at) filter (where state = 'queued')))::int as "oldestQueuedSeconds"
    from public.owed_work
    where state <> 'done'
    group by direction, channel
    order by direction desc, channel`;
}

export type FailedWorkRow = {
  direction: string;
  channel: string;
  key: string;
  about: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/**
 * Failed work of every kind but emails, newest first (emails given up on are listed with their
 * own repair, Send again, under the unsent emails).
 */
export async function listFailedWork(limit: number): Promise<FailedWorkRow[]> {
  return db()<FailedWorkRow[]>`
    select direction, channel, key, about, attempts, last_error as "lastError", created_at as "createdAt", finished_at as "finishedAt"
    from public.owed_work
    where state = 'failed' and not (direction = 'out' and channel = 'email')
    order by created_at desc, key desc
    limit ${limit}`;
}
