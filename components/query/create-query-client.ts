import { QueryClient } from "@tanstack/react-query";

// One minute fresh by default: enrolment screens share the cohort list between steps without
// refetching on every mount. Hooks with their own cache rules (SPEC §7) set them where defined.
export const DEFAULT_STALE_TIME_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME_MS, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
