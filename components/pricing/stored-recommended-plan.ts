import { readJson, writeJson } from "@/components/storage/browser-storage";
import { isPlanType, type PlanType } from "@/lib/pricing/plans";
import { storageKeys } from "@/lib/storage-keys";
import { sendWindowEvent, windowEvents } from "@/components/window-events";

// The questionnaire's recommendation, handed from the assistant widget to the pricing section.

/** The stored recommendation, or null (missing or not a plan type). */
export function readRecommendedPlan(): PlanType | null {
  const value = readJson(storageKeys.recommendedPlan);
  return isPlanType(value) ? value : null;
}

/** Stores the recommendation and tells a pricing section already on the page. */
export function storeRecommendedPlan(plan: PlanType): void {
  writeJson(storageKeys.recommendedPlan, plan);
  sendWindowEvent(windowEvents.recommendedPlanChange, { detail: plan });
}
