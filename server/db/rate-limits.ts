import "server-only";
import { db } from "./client";

/**
 * Counts one request in the current fixed window of `windowSeconds` and returns the window's total
 * and when it ends. One statement, so concurrent requests on several instances count correctly.
 */
export async function recordHit(bucket: string, windowSeconds: number): Promise<{ hits: number; resetAt: Date }> {
  const [row] = await db()<{ hits: number; reset_at: Date }[]>`
    insert into public.rate_limit_hits as r (bucket, window_start)
    values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}))
    on conflict (bucket, window_start) do update set hits = r.hits + 1
    returning hits, window_start + make_interval(secs => ${windowSeconds}) as reset_at`;
  if (!row) throw new Error("rate limit counter returned no row");
  return { hits: row.hits, resetAt: row.reset_at };
}

/** Drops windows that ended more than a day ago. */
export async function pruneHits(): Promise<void> {
  await db()`delete from public.rate_limit_hits where window_start < now() - interval '1 day'`;
}
