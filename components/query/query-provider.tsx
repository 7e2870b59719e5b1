"use client";

import { useState } from "react";
import { QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { createQueryClient } from "./create-query-client";

type QueryProviderProps = {
  children: React.ReactNode;
  /** Answers the server already read for this page, fresh as of `updatedAt` (epoch milliseconds); read on the first render only. */
  initialQueries?: { queryKey: QueryKey; data: unknown }[];
  updatedAt?: number;
};

/** One query client per browser tab (never shared between server requests). */
export function QueryProvider({ children, initialQueries = [], updatedAt }: QueryProviderProps) {
  const [client] = useState(() => {
    const queryClient = createQueryClient();
    for (const { queryKey, data } of initialQueries) queryClient.setQueryData(queryKey, data, { updatedAt });
    return queryClient;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
