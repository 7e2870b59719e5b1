import type { QueryKey } from "@tanstack/react-query";
import type { DashboardInitialData } from "@/lib/dashboard/initial-data";
import { affiliateKeys } from "./affiliate/affiliate-query-keys";
import { botSetupKeys } from "./bot-setup/bot-setup-query-keys";
import { memberCohortKeys } from "./cohort/member-cohort-query-keys";
import { subscriptionKeys } from "./cohort/subscription-query-keys";

export type InitialQuery = { queryKey: QueryKey; data: unknown };

/** The key each card asks with for the data the server read for it. */
const KEYS: { [K in keyof DashboardInitialData]-?: QueryKey } = {
  affiliateStats: affiliateKeys.stats(),
  currentCohort: memberCohortKeys.current(),
  cohortHistory: memberCohortKeys.history(),
  subscription: subscriptionKeys.status(),
  botSetup: botSetupKeys.progress(),
};

/** The server's reads under the keys the cards ask with, so a card with its data in hand asks nothing. */
export function dashboardInitialQueries(data: DashboardInitialData): InitialQuery[] {
  return (Object.keys(KEYS) as (keyof DashboardInitialData)[]).flatMap((name) =>
    data[name] === undefined ? [] : [{ queryKey: KEYS[name], data: data[name] }],
  );
}
