import { dehydrate, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { createQueryClient } from "@/components/query/create-query-client";
import type { DashboardInitialData } from "@/lib/dashboard/initial-data";
import { affiliateKeys } from "./affiliate/affiliate-query-keys";
import { botSetupKeys } from "./bot-setup/bot-setup-query-keys";
import { memberCohortKeys } from "./cohort/member-cohort-query-keys";
import { subscriptionKeys } from "./cohort/subscription-query-keys";
import { memberProfileKeys } from "./time-zone/member-profile-keys";

/** The key each card asks with for the data the server read for it. */
const KEYS: { [K in keyof DashboardInitialData]-?: QueryKey } = {
  affiliateStats: affiliateKeys.stats(),
  currentCohort: memberCohortKeys.current(),
  cohortHistory: memberCohortKeys.history(),
  subscription: subscriptionKeys.status(),
  botSetup: botSetupKeys.progress(),
  profile: memberProfileKeys.me(),
};

/**
 * The server's reads, made at `updatedAt` (epoch milliseconds), as a dehydrated query cache under the
 * keys the cards ask with: the page hands it to the browser's cache through HydrationBoundary, so a
 * card with its data in hand asks nothing. A read that failed is left out and its card asks the API.
 */
export function dashboardQueries(data: DashboardInitialData, updatedAt: number): DehydratedState {
  const client = createQueryClient();
  for (const name of Object.keys(KEYS) as (keyof DashboardInitialData)[]) {
    if (data[name] !== undefined) client.setQueryData(KEYS[name], data[name], { updatedAt });
  }
  return dehydrate(client);
}
