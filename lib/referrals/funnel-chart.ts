import type { FunnelMetric, FunnelPoint } from "./funnel-series";

// The funnel chart's geometry: plain numbers for an SVG, kept out of the component so they can be tested.

export const FUNNEL_METRICS: readonly { key: FunnelMetric; label: string }[] = [
  { key: "visitors", label: "Visits" },
  { key: "leads", label: "Leads" },
  { key: "conversions", label: "Conversions" },
];

/** The top of the y axis: the largest count rounded up to 1, 2 or 5 × 10ⁿ (never below 1). */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value)!;
  return step * magnitude;
}

/** An SVG path through one metric's points, x spread over [0, width], y from height (0) to 0 (ceiling). */
export function linePath(points: readonly FunnelPoint[], metric: FunnelMetric, width: number, height: number, ceiling: number): string {
  if (points.length === 0) return "";
  const stepX = points.length > 1 ? width / (points.length - 1) : 0;
  return points
    .map((point, index) => {
      const x = round(index * stepX);
      const y = round(height - (point[metric] / ceiling) * height);
      return `${index === 0 ? "M" : "L"}${x} ${y}`;
    })
    .join(" ");
}

/** "12.5%": how many of `from` went on to `to` (a dash when nobody came). */
export function stepRate(from: number, to: number): string {
  if (from <= 0) return "–";
  return `${Math.round((to / from) * 1000) / 10}%`;
}

/** "27 Oct" for an ISO day, read as UTC. */
export function shortDay(isoDay: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${isoDay}T00:00:00Z`));
}

const round = (value: number) => Math.round(value * 100) / 100;
