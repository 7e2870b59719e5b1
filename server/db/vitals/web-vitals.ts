import "server-only";
import type { VitalName } from "@/lib/vitals/web-vitals";
import type { WebVital } from "@/lib/vitals/web-vitals";
import { db } from "../client";

/** Keeps a batch; a report already kept (same page load and metric) is skipped. Returns how many were new. */
export async function insertWebVitals(vitals: readonly WebVital[]): Promise<number> {
  const sql = db();
  const rows = vitals.map((vital) => ({ page: vital.page, name: vital.name, value: vital.value, report_id: vital.id }));
  const inserted = await sql`
    insert into public.web_vitals ${sql(rows, "page", "name", "value", "report_id")}
    on conflict (report_id, name) do nothing
    returning 1`;
  return inserted.count;
}

/** Removes up to `limit` reports older than the retention period; returns how many went. */
export async function pruneOldWebVitals(retentionDays: number, limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.web_vitals where id in (
      select id from public.web_vitals
      where created_at < now() - make_interval(days => ${retentionDays})
      limit ${limit})`;
  return deleted.count;
}

export type VitalsPercentile = { page: string; name: VitalName; samples: number; p75: number };

/** The 75th percentile per page and metric since `since`, the way Core Web Vitals are judged. */
export async function webVitalsP75(since: Date): Promise<VitalsPercentile[]> {
  const rows = await db()<{ page: string; name: VitalName; samples: number; p75: number }[]>`
    select page, name, count(*)::int as samples, percentile_cont(0.75) within group (order by value)::float8 as p75
    from public.web_vitals where created_at >= ${since}
    group by page, name
    order by page, name`;
  return rows.map((row) => ({ page: row.page, name: row.name, samples: row.samples, p75: row.p75 }));
}
