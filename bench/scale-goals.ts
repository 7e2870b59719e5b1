import type { BurstReport } from "./burst";
import type { DrainResult } from "./jobs";
import type { LoadResult } from "./load";
import { OPERATOR_LIST_P99_MAX_MS, SCALE_P99_RATIO_MAX, SCALE_RPS_RATIO_MIN, type ScaleRoute } from "./scale";
import type { ScaleGoal } from "./scale-report";

// The scale goals, each from figures of the one --scale run.

/** The peak hour (issue 43): pledges taken in during the burst against alone, and every answer's p99. */
export const BURST_ALONE_RATIO_MIN = 0.5;
export const BURST_P99_MAX_MS = 1000;
export const SHARE_CARD_RATIO_MIN = 0.8;
export const EMAILS_PER_S_MIN = 200;
export const EVENTS_PER_S_MIN = 300;

const CARD = "GET /api/campaign/pledges/{number}/card";
const PING = "GET /api/ping";

function routesGoal(name: string, routes: ScaleRoute[], target: string): ScaleGoal {
  const judged = routes.filter((r) => r.met !== null);
  const missed = judged.filter((r) => r.met === false).map((r) => r.route);
  return {
    name,
    measured: `${judged.length - missed.length} of ${judged.length} met${missed.length > 0 ? `; missed: ${missed.join(", ")}` : ""}`,
    target,
    met: judged.length === 0 ? null : missed.length === 0,
  };
}

function atLeast(name: string, measured: number | null | undefined, min: number, unit = ""): ScaleGoal {
  const value = measured ?? null;
  return { name, measured: value === null ? "–" : `${value}${unit}`, target: `≥ ${min}${unit}`, met: value === null ? null : value >= min };
}

function atMost(name: string, measured: number | null | undefined, max: number, unit = ""): ScaleGoal {
  const value = measured ?? null;
  return { name, measured: value === null ? "–" : `${value}${unit}`, target: `≤ ${max}${unit}`, met: value === null ? null : value <= max };
}

export function scaleGoals(
  routes: ScaleRoute[],
  scaled: Record<string, LoadResult>,
  burst: BurstReport | null,
  jobs: Record<string, DrainResult>,
): ScaleGoal[] {
  const goals: ScaleGoal[] = [
    routesGoal(
      "Member and public routes at scale",
      routes.filter((r) => r.goal === "ratios"),
      `req/s ≥ ${SCALE_RPS_RATIO_MIN}× and p99 ≤ ${SCALE_P99_RATIO_MAX}× the empty run's; no sequential scan over a growing table`,
    ),
    routesGoal(
      "The operator area's lists at scale",
      routes.filter((r) => r.goal === "operator list"),
      `p99 ≤ ${OPERATOR_LIST_P99_MAX_MS} ms`,
    ),
  ];
  const card = scaled[CARD]?.rps ?? null;
  const ping = scaled[PING]?.rps ?? null;
  goals.push(
    atLeast(
      "A repeated share card's req/s ÷ /api/ping's (10 connections)",
      card !== null && ping ? Math.round((card / ping) * 100) / 100 : null,
      SHARE_CARD_RATIO_MIN,
    ),
  );
  if (burst) {
    const { pledges, pledgesAlone, numbering } = burst;
    // A visitor turned away busy (503, or 429) is told when to come back and does; the pledge is lost
    // only if it never gets in, and an answer other than those is an error.
    goals.push(atMost("Pledge burst: time-outs", pledges.timeouts, 0));
    goals.push(atMost("Pledge burst: visitors whose pledge was lost", pledges.lost, 0));
    goals.push(atMost("Pledge burst: errors other than the rate limit and busy", pledges.errors, 0));
    goals.push(atMost("Pledge burst: p99 of an answered request", pledges.p99Ms, BURST_P99_MAX_MS, " ms"));
    goals.push(
      atLeast(
        "Pledge burst: pledges taken in a second, during the reads ÷ alone",
        pledgesAlone.perSecond > 0 ? Math.round((pledges.perSecond / pledgesAlone.perSecond) * 100) / 100 : null,
        BURST_ALONE_RATIO_MIN,
      ),
    );
    const numbered = numbering.gapless && numbering.distinct === numbering.pledges && numbering.burstConfirmed === numbering.burstNumbered;
    goals.push({
      name: "Pledge numbers after the burst's confirmations: gapless and unique",
      measured: `${numbering.pledges} pledges, ${numbering.distinct} distinct numbers ${numbering.lowest}–${numbering.highest}; ${numbering.burstNumbered} of ${numbering.burstConfirmed} confirmed burst pledges numbered`,
      target: "no gap, no repeat",
      met: numbered,
    });
  }
  const emails = jobs["send-email"];
  const events = jobs["stripe-event"];
  goals.push(atLeast("Job engine: emails/s to the SMTP stand-in", emails?.perSecond, EMAILS_PER_S_MIN));
  goals.push(atLeast("Job engine: Stripe events/s", events?.perSecond, EVENTS_PER_S_MIN));
  return goals;
}
