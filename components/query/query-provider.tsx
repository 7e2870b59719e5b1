"use client";

import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "./create-query-client";

/**
 * One query client per browser tab (never shared between server requests). What a server component
 * already read comes in through TanStack Query's HydrationBoundary inside it.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
