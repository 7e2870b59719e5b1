"use client";

import { useCallback } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { useWrite } from "@/components/api/use-write";
import { memberProfileSchema, type MemberProfile } from "@/lib/auth/member-profile-schema";
import { memberProfileKeys } from "./member-profile-keys";

export const PROFILE_LOAD_FAILED = "Failed to load your account";
export const TIME_ZONE_SAVE_FAILED = "Failed to save your time zone";

/** GET /api/users/me */
export function fetchMemberProfile(signal?: AbortSignal): Promise<MemberProfile> {
  return apiRequest({ path: "/api/users/me", auth: "required", schema: memberProfileSchema, fallback: PROFILE_LOAD_FAILED, signal });
}

/** PATCH /api/users/me: the member's time zone (D19). */
export function saveMemberTimeZone(timeZone: string): Promise<MemberProfile> {
  return apiRequest({
    method: "PATCH",
    path: "/api/users/me",
    auth: "required",
    body: { timeZone },
    schema: memberProfileSchema,
    fallback: TIME_ZONE_SAVE_FAILED,
  });
}

export function useMemberProfileQuery() {
  return useQuery({
    queryKey: memberProfileKeys.me(),
    queryFn: ({ signal }) => fetchMemberProfile(signal),
    staleTime: 5 * 60_000,
    retry: 2,
  });
}

/** Saves the member's time zone; every card that counts days re-renders with the saved one. */
export function useSaveTimeZone() {
  const queryClient = useQueryClient();
  const write = useWrite();
  const { run } = write;
  const save = useCallback(
    (timeZone: string) =>
      run(async () => {
        const saved = await saveMemberTimeZone(timeZone);
        queryClient.setQueryData(memberProfileKeys.me(), saved);
        return saved;
      }),
    [run, queryClient],
  );
  return { ...write, save };
}
