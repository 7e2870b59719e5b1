import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSupabase, makeCurrent, noSubscription } from "./member-fixtures";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("./member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { CurrentCohortCard } from "@/components/dashboard/cohort/current-cohort-card";
import { json, renderWithQuery, stubFetch } from "../enrolment/test-utils";

// D19: the card counts from the member's calendar date in the zone stored on their account (the one
// the coach bot's /today counts in), whatever zone this browser is in (UTC here).
const december = {
  status: "upcoming" as const,
  start_cohort_date: "2026-12-01T00:00:00.000Z",
  end_cohort_date: "2026-12-15T00:00:00.000Z",
  end_postcohort_date: null,
  duration_days: 14,
};

function serve(timeZone: string | null) {
  stubFetch({
    "/api/cohorts/user/current": () => json(200, { data: makeCurrent({}, december) }),
    "/api/cohorts/user/history": () => json(200, { data: [] }),
    "/api/payment/subscription": () => json(200, { data: noSubscription }),
    "/api/users/me": () =>
      json(200, { data: { email: "robin@example.com", userType: "client", botSetupCompleted: false, botSetupStep: {}, timeZone } }),
  });
}

beforeEach(() => {
  mocks.supabase = fakeSupabase();
  vi.useFakeTimers({ toFake: ["Date"] });
  // 10:00 on Nov 28 in Los Angeles, 03:00 on Nov 29 in Tokyo.
  vi.setSystemTime(new Date("2026-11-28T18:00:00.000Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the cohort card's day count, in the member's stored time zone", () => {
  it.each([
    ["America/Los_Angeles", "Starts in 3 days"],
    ["Asia/Tokyo", "Starts in 2 days"],
    ["Pacific/Pago_Pago", "Starts in 3 days"],
    ["Pacific/Kiritimati", "Starts in 2 days"],
  ])("in %s it says '%s' for a cohort dated Dec 1 – Dec 15", async (timeZone, note) => {
    serve(timeZone);
    renderWithQuery(<CurrentCohortCard />);
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.getByTestId("current-cohort-day").textContent).toBe(note);
  });

  it("counts in the browser's zone while none is stored", async () => {
    serve(null);
    renderWithQuery(<CurrentCohortCard />);
    expect(await screen.findByText("Starts in 3 days")).toBeTruthy();
  });
});
