import type { QueryKey } from "@tanstack/react-query";
import type { DashboardInitialData } from "@/lib/dashboard/initial-data";
import { affiliateKeys } from "./affiliate/affiliate-query-keys";
import { memberCohortKeys } from "./cohort/member-cohort-query-keys";
import { subscriptionKeys } from "./cohort/subscription-query-keys";

export type InitialQuery = { queryKey: QueryKey; data: unknown };

/** The server's reads under the keys the cards ask with, so a card with its data in hand asks nothing. */
export function dashboardInitialQueries(data: DashboardInitialData): InitialQuery[] {
  const queries: InitialQuery[] = [];
  if (data.affiliateStats !== undefined) queries.push({ queryKey: affiliateKeys.stats(), data: data.affiliateStats });
  if (data.currentCohort !== undefined) queries.push({ queryKey: memberCohortKeys.current(), data: data.currentCohort });
  if (data.cohortHistory !== undefined) queries.push({ queryKey: memberCohortKeys.history(), data: data.cohortHistory });
  if (data.subscription !== undefined) queries.push({ queryKey: subscriptionKeys.status(), data: data.subscription });
  return queries;
}
