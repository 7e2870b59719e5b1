"use client";

import { useId, useState } from "react";
import { LoadError } from "@/components/errors/load-error";
import { useNearScreen } from "@/components/hooks/use-near-screen";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { AFFILIATE_STATS_LOAD_FAILED } from "@/lib/referrals/affiliate-display";
import { FUNNEL_METRICS, linePath, niceCeiling, shortDay, stepRate } from "@/lib/referrals/funnel-chart";
import { DEFAULT_FUNNEL_RANGE, FUNNEL_RANGES, type FunnelMetric, type FunnelRange, type FunnelSeries } from "@/lib/referrals/funnel-series";
import { useAffiliateFunnelQuery } from "./use-affiliate-queries";

const TITLE_ID = "affiliate-funnel-title";
const WIDTH = 600;
const HEIGHT = 160;

const STROKE: Record<FunnelMetric, string> = {
  visitors: "stroke-sky-500",
  leads: "stroke-amber-500",
  conversions: "stroke-emerald-600",
};
const SWATCH: Record<FunnelMetric, string> = {
  visitors: "bg-sky-500",
  leads: "bg-amber-500",
  conversions: "bg-emerald-600",
};

export const FUNNEL_CHART_TITLE = "Your referrals over time";
export const FUNNEL_CHART_EMPTY =
  "Nobody has come through your link in this period yet. Share it, and each day's visits, leads and conversions show up here.";

/**
 * Visits → leads → conversions per day over the last 30 or 90 days, drawn as plain SVG, asked for
 * once the card comes near the screen.
 */
export function FunnelChartCard() {
  const [days, setDays] = useState<FunnelRange>(DEFAULT_FUNNEL_RANGE);
  const { ref, near } = useNearScreen<HTMLElement>();
  const query = useAffiliateFunnelQuery(days, { enabled: near });

  return (
    <section
      ref={ref}
      aria-labelledby={TITLE_ID}
      aria-busy={query.isPending || query.isFetching || undefined}
      className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={TITLE_ID} className="text-lg font-semibold leading-tight tracking-tight">
          {FUNNEL_CHART_TITLE}
        </h2>
        <div role="group" aria-label="Period" className="inline-flex rounded-lg border p-0.5">
          {FUNNEL_RANGES.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              onClick={() => setDays(range)}
              className={cn(
                "rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring",
                days === range ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted",
              )}
            >
              {range} days
            </button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <div className="grid gap-3">
          <span className="sr-only">Loading your referral chart</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        <LoadError message={query.error.message || AFFILIATE_STATS_LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : (
        <FunnelChart series={query.data} />
      )}
    </section>
  );
}

function FunnelChart({ series }: { series: FunnelSeries }) {
  const descriptionId = useId();
  const { totals, points } = series;
  const ceiling = niceCeiling(Math.max(...points.flatMap((point) => [point.visitors, point.leads, point.conversions])));
  const empty = totals.visitors + totals.leads + totals.conversions === 0;
  const first = points[0]?.date;
  const last = points.at(-1)?.date;

  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {FUNNEL_METRICS.map((metric, index) => (
          <div key={metric.key} className="grid content-start gap-0.5" data-testid={`funnel-${metric.key}`}>
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <span aria-hidden="true" className={cn("size-2.5 rounded-full", SWATCH[metric.key])} />
              {metric.label}
            </dt>
            <dd className="text-xl font-semibold tabular-nums">{totals[metric.key].toLocaleString("en-US")}</dd>
            {index > 0 ? (
              <dd className="text-xs text-muted-foreground">
                {stepRate(totals[FUNNEL_METRICS[index - 1]!.key], totals[metric.key])} of {FUNNEL_METRICS[index - 1]!.label.toLowerCase()}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      {empty ? (
        <p className="rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground">{FUNNEL_CHART_EMPTY}</p>
      ) : (
        <figure className="grid gap-1">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={descriptionId}
            className="h-40 w-full overflow-visible"
          >
            <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-border" vectorEffect="non-scaling-stroke" />
            <line x1={0} y1={0} x2={WIDTH} y2={0} className="stroke-border" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
            {FUNNEL_METRICS.map((metric) => (
              <path
                key={metric.key}
                d={linePath(points, metric.key, WIDTH, HEIGHT, ceiling)}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                className={STROKE[metric.key]}
              />
            ))}
          </svg>
          <figcaption id={descriptionId} className="flex justify-between text-xs text-muted-foreground">
            <span className="sr-only">
              {`Per day from ${first} to ${last}: ${totals.visitors} visits, ${totals.leads} leads and ${totals.conversions} conversions in all; the top line is ${ceiling} a day.`}
            </span>
            <span aria-hidden="true">{first ? shortDay(first) : ""}</span>
            <span aria-hidden="true">Top: {ceiling} a day</span>
            <span aria-hidden="true">{last ? shortDay(last) : ""}</span>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
