"use client";

import { useTimeZone } from "@/components/hooks/use-time-zone";
import { useMemberProfileQuery } from "./member-profile-api";

/**
 * D19: the time zone a member's day counts are told in: the one stored on their account, so the
 * dashboard and the coach bot count alike; until one is stored, the zone this browser reports.
 */
export function useMemberTimeZone(): string {
  const browser = useTimeZone();
  const profile = useMemberProfileQuery();
  return profile.data?.timeZone ?? browser;
}
