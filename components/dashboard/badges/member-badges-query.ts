"use client";

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { memberBadgesSchema, type MemberBadges } from "@/lib/badges/badges";
import type { CardQueryOptions } from "../affiliate/use-affiliate-queries";
import { badgeKeys } from "./badge-query-keys";

export const BADGES_LOAD_FAILED = "Failed to load your badges";

/** GET /api/users/me/badges */
export function fetchMemberBadges(signal?: AbortSignal): Promise<MemberBadges> {
  return apiRequest({ path: "/api/users/me/badges", auth: "required", schema: memberBadgesSchema, fallback: BADGES_LOAD_FAILED, signal });
}

/** A badge changes only when the member pledges: kept 5 minutes, 2 retries. */
export function useMemberBadgesQuery({ enabled = true }: CardQueryOptions = {}) {
  return useQuery({
    queryKey: badgeKeys.member(),
    queryFn: ({ signal }) => fetchMemberBadges(signal),
    staleTime: 5 * 60_000,
    retry: 2,
    enabled,
  });
}
