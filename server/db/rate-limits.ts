import "server-only";
import { db } from "./client";

export type WindowCount = {
  /** Requests counted in the current fixed window, this one included. */
  hits: number;
  /** Requests counted in the window just before it. */
  previousHits: number;
  /** Seconds since the current window began. */
  elapsedSeconds: number;
};

/**
 * Counts one request in the current fixed window of `windowSeconds` and returns that window's total
 * with the previous window's, so the caller can weigh them into a sliding window. One statement, so
 * concurrent requests on several instances count correctly.
 */
export async function recordHit(bucket: string, windowSeconds: number): Promise<WindowCount> {
  const [row] = await db()<{ hits: number; previous_hits: number; elapsed_seconds: number }[]>`
    with hit as (
      insert into public.rate_limit_hits as r (bucket, window_start)
      values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}))
      on conflict (bucket, window_start) do update set hits = r.hits + 1
      returning hits, window_start
    )
    select hit.hits,
      coalesce((select p.hits from public.rate_limit_hits p
        where p.bucket = ${bucket} and p.window_start = hit.window_start - make_interval(secs => ${windowSeconds})), 0) as previous_hits,
      extract(epoch from now() - hit.window_start)::float8 as elapsed_seconds
    from hit`;
  if (!row) throw new Error("rate limit counter returned no row");
  return { hits: row.hits, previousHits: row.previous_hits, elapsedSeconds: row.elapsed_seconds };
}

/**
 * Drops up to `limit` windows that ended long ago (two days: the longest limit's window is one day,
 * and a count is read for its own window and the next). Returns how many went.
 */
export async function pruneRateLimitHits(limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.rate_limit_hits where (bucket, window_start) in (
      select bucket, window_start from public.rate_limit_hits
      where window_start < now() - interval '2 days'
      limit ${limit})`;
  return deleted.count;
}
