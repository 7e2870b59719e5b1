"use client";

import { Suspense, useEffect } from "react";
import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useSessionCookieHeld } from "@/components/auth/use-session-cookie";
import { QueryProvider } from "@/components/query/query-provider";
import { Spinner } from "@/components/ui/spinner";
import { BotSetupSection } from "./bot-setup-section";
import { DashboardHeader } from "./dashboard-header";
import { DashboardSections } from "./dashboard-sections";
import { LastUpdated } from "./last-updated";

type DashboardShellProps = {
  /** The signed-in user's email, read on the server. */
  email: string;
  /** When the server loaded this page's data (epoch milliseconds). */
  loadedAt: number;
  /** The first screen's cards' data, read by the server at `loadedAt`, as a dehydrated query cache (dashboardQueries). */
  queries?: DehydratedState;
  /** The coach bot walkthrough comes before the cards (the server's read of this visit). */
  botSetupFirst?: boolean;
};

/**
 * SPEC §2 Dashboard. The server verified this request's session before rendering it, so the session
 * is known from the first paint and the page arrives with the member's dashboard in it, the stat
 * cards and the cohort card filled with what the server read for them. The browser's own session
 * cookie is still watched: once it is gone (signed out in another tab, say) the content gives way to
 * a spinner and the visitor goes to /auth without a history entry. The auth client is not loaded
 * for this; the cards' calls send the cookie's token while it is fresh (readAccessToken).
 */
export function DashboardShell({ email, loadedAt, queries, botSetupFirst = false }: DashboardShellProps) {
  const router = useRouter();
  const signedOut = !useSessionCookieHeld();

  useEffect(() => {
    if (signedOut) router.replace("/auth");
  }, [signedOut, router]);

  // Where the walkthrough sits is the server's read of this visit: it does not jump away once the
  // bot is linked while the member looks at it.
  const botSetup = (
    <Suspense>
      <BotSetupSection email={email} />
    </Suspense>
  );

  // The dashboard's cards read their data through TanStack Query; the provider sits here, with them,
  // and HydrationBoundary puts what the server already read in its cache, so those cards arrive
  // filled and ask nothing.
  return (
    <QueryProvider>
      <HydrationBoundary state={queries}>
        <Suspense>
          <DashboardHeader />
        </Suspense>
        <main id="main" className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-10">
          {!signedOut ? (
            <>
              <section aria-labelledby="welcome-title" className="grid gap-1">
                <h1 id="welcome-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                  Welcome back
                </h1>
                <p className="break-all font-medium text-foreground sm:break-normal">{email}</p>
                <LastUpdated loadedAt={loadedAt} />
              </section>
              {botSetupFirst ? botSetup : null}
              <DashboardSections />
              {botSetupFirst ? null : botSetup}
            </>
          ) : (
            <div className="flex justify-center py-24">
              <Spinner className="size-8 text-primary" label="Loading your dashboard" />
            </div>
          )}
        </main>
      </HydrationBoundary>
    </QueryProvider>
  );
}
