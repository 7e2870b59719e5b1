import { act } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CurrentCohortCard } from "@/components/dashboard/cohort/current-cohort-card";
import { memberCohortKeys } from "@/components/dashboard/cohort/member-cohort-query-keys";
import { subscriptionKeys } from "@/components/dashboard/cohort/subscription-query-keys";
import { CommissionLedger } from "@/components/dashboard/affiliate/commission-ledger";
import type { AffiliateStats } from "@/lib/referrals/referral-schemas";
import { testQueryClient } from "../enrolment/test-utils";
import { activeSubscription, makeCurrent } from "./member-fixtures";

// The dashboard's first screen is rendered by the server (in UTC) and hydrated by a browser in its
// own time zone: the same HTML must come out of both, then the browser shows its own local times.

const LOS_ANGELES = "America/Los_Angeles";

function inBrowserTimeZone(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
}

/** Renders `ui` as the server does, then hydrates that HTML as a browser in Los Angeles does. */
async function serverThenBrowser(ui: () => React.ReactElement) {
  const html = renderToString(ui());
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  inBrowserTimeZone(LOS_ANGELES);
  const hydrationErrors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, ui(), { onRecoverableError: (error) => hydrationErrors.push(error) });
  });
  return { html, container, hydrationErrors };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("times on the server-rendered dashboard", () => {
  it("the cohort card's change deadline: UTC in the server's HTML, hydrated without a mismatch, then the browser's zone", async () => {
    const current = makeCurrent({ can_change: true, change_deadline: "2099-01-09T17:00:00.000Z" }, { status: "upcoming" });
    const client = testQueryClient();
    client.setQueryData(memberCohortKeys.current(), current);
    client.setQueryData(memberCohortKeys.history(), []);
    client.setQueryData(subscriptionKeys.status(), activeSubscription);
    const ui = () => (
      <QueryClientProvider client={client}>
        <CurrentCohortCard />
      </QueryClientProvider>
    );
    const { html, container, hydrationErrors } = await serverThenBrowser(ui);
    expect(html).toContain("You can change your cohort until Jan 9, 2099, 5:00 PM UTC");
    expect(hydrationErrors).toEqual([]);
    expect(container.querySelector("[data-testid=current-cohort-message]")?.textContent).toBe(
      "You can change your cohort until Jan 9, 2099, 9:00 AM PST",
    );
  });

  it("the ledger's dates: the day in UTC from the server, the browser's own day after hydration", async () => {
    const stats: AffiliateStats = {
      visitors: 1,
      leads: 1,
      conversions: 1,
      commission: 29.8,
      currency: "usd",
      pending: 29.8,
      due: 0,
      paid: 0,
      entries: [
        {
          id: "0b3a1c52-8f0e-4a55-9d7e-5c1c9a7e2f02",
          // 02:00 on the 20th in UTC is still the 19th in Los Angeles.
          createdAt: "2026-11-20T02:00:00.000Z",
          reason: "first_payment",
          description: "20% of the first payment for the Starter plan",
          amount: 29.8,
          state: "pending",
          availableAt: "2026-12-20T02:00:00.000Z",
          referredEmail: "f***@e***.com",
        },
      ],
    };
    const { html, container, hydrationErrors } = await serverThenBrowser(() => <CommissionLedger stats={stats} />);
    expect(html).toContain("20 Nov 2026");
    expect(hydrationErrors).toEqual([]);
    expect(container.textContent).toContain("f***@e***.com · 19 Nov 2026");
  });
});
