import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSupabase, makeCurrent, noSubscription } from "./member-fixtures";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("./member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { CurrentCohortCard } from "@/components/dashboard/cohort/current-cohort-card";
import type { CurrentCohort } from "@/lib/cohorts/member-cohort-schemas";
import { json, renderWithQuery, stubFetch } from "../enrolment/test-utils";

// The card tells the cohort's phase from its dates at every moment, in the member's time zone
// (UTC here), even when `cohorts.status` was never updated.
const dates = {
  start_cohort_date: "2026-12-01T00:00:00.000Z",
  end_cohort_date: "2026-12-15T00:00:00.000Z",
  end_postcohort_date: "2027-01-15T00:00:00.000Z",
  duration_days: 14,
};

function serve(current: CurrentCohort) {
  stubFetch({
    "/api/cohorts/user/current": () => json(200, { data: current }),
    "/api/cohorts/user/history": () => json(200, { data: [] }),
    "/api/payment/subscription": () => json(200, { data: noSubscription }),
  });
}

async function renderAt(iso: string, current: CurrentCohort) {
  vi.setSystemTime(new Date(iso));
  serve(current);
  renderWithQuery(<CurrentCohortCard />);
  return screen.findByTestId("current-cohort-status");
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the cohort card's phase, from the dates", () => {
  it("shows 'Active' and 'Day 3 of 14' on the third day although the stored status still says upcoming", async () => {
    const badge = await renderAt(
      "2026-12-03T10:00:00.000Z",
      makeCurrent({ can_change: true, change_deadline: "2026-11-30T00:00:00.000Z" }, { status: "upcoming", ...dates }),
    );
    expect(badge.textContent).toBe("Active");
    expect(screen.getByTestId("current-cohort-day").textContent).toBe("Day 3 of 14");
    expect(screen.getByTestId("current-cohort-message").textContent).toBe("Your cohort is currently active. Enjoy your journey!");
    expect(screen.queryByRole("button", { name: "Change cohort" })).toBeNull();
  });

  it("shows 'Upcoming' with the days to the start before it", async () => {
    const badge = await renderAt("2026-11-26T10:00:00.000Z", makeCurrent({}, { status: "active", ...dates }));
    expect(badge.textContent).toBe("Upcoming");
    expect(screen.getByTestId("current-cohort-day").textContent).toBe("Starts in 5 days");
  });

  it("shows 'Post-Cohort' after the end until the post-cohort date, whatever the stored status", async () => {
    const badge = await renderAt("2026-12-20T10:00:00.000Z", makeCurrent({}, { status: "active", ...dates }));
    expect(badge.textContent).toBe("Post-Cohort");
    expect(screen.getByTestId("current-cohort-message").textContent).toBe("Post-cohort services are available until Jan 15, 2027.");
    expect(screen.queryByTestId("current-cohort-day")).toBeNull();
  });

  it("moves on by itself as the clock passes midnight and the end", async () => {
    const badge = await renderAt("2026-12-14T23:58:30.000Z", makeCurrent({}, { status: "upcoming", ...dates, end_postcohort_date: null }));
    expect(badge.textContent).toBe("Active");
    expect(screen.getByTestId("current-cohort-day").textContent).toBe("Day 14 of 14");
    await act(async () => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(screen.getByTestId("current-cohort-status").textContent).toBe("Completed");
    expect(screen.getByTestId("current-cohort-message").textContent).toBe(
      "Your cohort journey has been completed. Thank you for participating!",
    );
  });
});
