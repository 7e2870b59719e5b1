import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activeSubscription, fakeSupabase, historyEntry, makeCurrent, noSubscription } from "./member-fixtures";

const mocks = vi.hoisted(() => ({
  supabase: null as unknown as ReturnType<typeof import("./member-fixtures").fakeSupabase>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));

import { CurrentCohortCard } from "@/components/dashboard/cohort/current-cohort-card";
import { DashboardSections } from "@/components/dashboard/dashboard-sections";
import { callsTo, json, renderWithQuery, stubFetch } from "../enrolment/test-utils";

type Routes = Parameters<typeof stubFetch>[0];

/** The member's calls, answered with `{ data }` unless a route is overridden. */
function serve({
  current = null as unknown,
  history = [] as unknown,
  subscription = noSubscription as unknown,
  cohorts = [] as unknown,
  overrides = {} as Routes,
} = {}) {
  // Specific paths before "/api/cohorts/": the stub answers with the first matching prefix.
  return stubFetch({
    "/api/cohorts/user/current": () => json(200, { data: current }),
    "/api/cohorts/user/history": () => json(200, { data: history }),
    "/api/payment/subscription": () => json(200, { data: subscription }),
    "/api/cohorts?language=": () => json(200, { data: cohorts }),
    ...overrides,
  });
}

const card = () => screen.getByRole("region", { name: "Your Cohort" });

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The card tells the status from the dates: the clock is set where the test's cohort is in that phase. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

describe("dashboard cohort card (SPEC §2, §4)", () => {
  it("sits in the dashboard's card grid under the heading 'Your Cohort'", async () => {
    serve();
    renderWithQuery(<DashboardSections />);
    expect(screen.getByRole("heading", { level: 2, name: "Your Cohort" })).toBeTruthy();
    await screen.findByText("0 / 20");
  });

  it("shows a skeleton while the cohort loads", () => {
    serve({ overrides: { "/api/cohorts/user/current": () => new Promise<Response>(() => {}) } });
    renderWithQuery(<CurrentCohortCard />);
    expect(card().getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText("Loading your cohort")).toBeTruthy();
  });

  it("asks with the session's Bearer token", async () => {
    const fetchMock = serve({ current: makeCurrent() });
    renderWithQuery(<CurrentCohortCard />);
    await screen.findByTestId("current-cohort-name");
    const [, init] = callsTo(fetchMock, "/api/cohorts/user/current")[0]!;
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer member-token");
  });

  it("shows 'Failed to load your cohort information' with a retry when the call fails", async () => {
    let fail = true;
    serve({
      overrides: {
        "/api/cohorts/user/current": () =>
          fail ? json(500, { error: "Something went wrong", code: "internal" }) : json(200, { data: makeCurrent() }),
      },
    });
    renderWithQuery(<CurrentCohortCard />);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load your cohort information")).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect((await screen.findByTestId("current-cohort-name")).textContent).toBe("January Reset");
  });

  it("does not call without a token, and shows the card's error", async () => {
    mocks.supabase = fakeSupabase(null);
    const fetchMock = serve();
    renderWithQuery(<CurrentCohortCard />);
    expect(await screen.findByText("Failed to load your cohort information")).toBeTruthy();
    expect(callsTo(fetchMock, "/api/cohorts/user/current")).toHaveLength(0);
  });

  it("shows the placeholder card with 0 / 20, '4 Weeks' and a way to choose a plan when there is no cohort", async () => {
    serve({ current: null });
    renderWithQuery(<CurrentCohortCard />);
    expect((await screen.findByTestId("current-cohort-participants")).textContent).toBe("0 / 20");
    expect(screen.getByTestId("current-cohort-duration").textContent).toBe("4 Weeks");
    expect(screen.getByRole("link", { name: "Choose a plan" }).getAttribute("href")).toBe("/how-it-works#pricing");
    expect(screen.queryByTestId("current-cohort-name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Choose your cohort" })).toBeNull();
  });

  it("offers 'Choose your cohort' instead when a live subscription has no seat", async () => {
    serve({ current: null, subscription: activeSubscription });
    renderWithQuery(<CurrentCohortCard />);
    expect(await screen.findByRole("button", { name: "Choose your cohort" })).toBeTruthy();
    expect(screen.getByText("Your plan is paid. Choose the cohort you want to join.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Choose a plan" })).toBeNull();
  });

  it("shows an active cohort: name, 'Active' badge, dates, weeks, participants bar and the active line", async () => {
    clockAt("2025-12-05T12:00:00.000Z");
    serve({
      current: makeCurrent(
        {},
        {
          status: "active",
          start_cohort_date: "2025-12-01T00:00:00.000Z",
          end_cohort_date: "2025-12-15T00:00:00.000Z",
          duration_days: 14,
          participant_count: 12,
          participant_cap: 20,
        },
      ),
    });
    renderWithQuery(<CurrentCohortCard />);
    expect((await screen.findByTestId("current-cohort-name")).textContent).toBe("January Reset");
    expect(screen.getByTestId("current-cohort-status").textContent).toBe("Active");
    expect(screen.getByTestId("current-cohort-dates").textContent).toBe("Dec 1, 2025 – Dec 15, 2025");
    expect(screen.getByTestId("current-cohort-duration").textContent).toBe("2 Weeks");
    expect(screen.getByTestId("current-cohort-participants").textContent).toBe("12 / 20");
    const bar = screen.getByRole("progressbar", { name: "Participants" });
    expect(bar.getAttribute("aria-valuenow")).toBe("12");
    expect(bar.getAttribute("aria-valuemax")).toBe("20");
    expect(bar.getAttribute("aria-valuetext")).toBe("12 of 20 places taken");
    expect(bar.getAttribute("data-bar-colour")).toBe("yellow");
    expect(screen.getByTestId("current-cohort-message").textContent).toBe("Your cohort is currently active. Enjoy your journey!");
    expect(screen.queryByRole("button", { name: "Change cohort" })).toBeNull();
  });

  it("shows a completed cohort with its thank-you line", async () => {
    serve({
      current: makeCurrent(
        {},
        { status: "completed", start_cohort_date: "2025-11-20T00:00:00.000Z", end_cohort_date: "2025-12-04T00:00:00.000Z" },
      ),
    });
    renderWithQuery(<CurrentCohortCard />);
    expect((await screen.findByTestId("current-cohort-status")).textContent).toBe("Completed");
    expect(screen.getByTestId("current-cohort-message").textContent).toBe(
      "Your cohort journey has been completed. Thank you for participating!",
    );
  });

  it("shows a post-cohort cohort with the date its services last until", async () => {
    clockAt("2026-01-10T12:00:00.000Z");
    serve({
      current: makeCurrent(
        {},
        {
          status: "postcohort",
          start_cohort_date: "2025-11-20T00:00:00.000Z",
          end_cohort_date: "2025-12-04T00:00:00.000Z",
          end_postcohort_date: "2026-02-01T00:00:00.000Z",
        },
      ),
    });
    renderWithQuery(<CurrentCohortCard />);
    expect((await screen.findByTestId("current-cohort-status")).textContent).toBe("Post-Cohort");
    expect(screen.getByTestId("current-cohort-message").textContent).toBe("Post-cohort services are available until Feb 1, 2026.");
  });

  it("lets an upcoming member change cohort until the deadline", async () => {
    serve({ current: makeCurrent({ can_change: true, change_deadline: "2099-01-09T00:00:00.000Z" }) });
    renderWithQuery(<CurrentCohortCard />);
    expect((await screen.findByTestId("current-cohort-status")).textContent).toBe("Upcoming");
    expect(screen.getByTestId("current-cohort-message").textContent).toMatch(/^You can change your cohort until Jan [89], 2099, /);
    expect(screen.getByRole("button", { name: "Change cohort" })).toBeTruthy();
  });

  it("tells an upcoming member within 24 hours of the start that changes are closed", async () => {
    serve({ current: makeCurrent({ can_change: false, change_deadline: "2099-01-09T00:00:00.000Z" }) });
    renderWithQuery(<CurrentCohortCard />);
    expect((await screen.findByTestId("current-cohort-message")).textContent).toBe(
      "Cohort changes are closed. Cohorts can be changed up to 24 hours before the start.",
    );
    expect(screen.queryByRole("button", { name: "Change cohort" })).toBeNull();
  });

  it("shows the subscription line: 'Active' with the plan and days remaining", async () => {
    serve({ current: makeCurrent(), subscription: activeSubscription });
    renderWithQuery(<CurrentCohortCard />);
    const line = await screen.findByTestId("subscription-status");
    expect(within(line).getByText("Active")).toBeTruthy();
    expect(within(line).getByText("Popular")).toBeTruthy();
    expect(within(line).getByText(/^\d+ days remaining$/)).toBeTruthy();
  });

  it("shows 'No Active Subscription' without one", async () => {
    serve({ current: null });
    renderWithQuery(<CurrentCohortCard />);
    expect(within(await screen.findByTestId("subscription-status")).getByText("No Active Subscription")).toBeTruthy();
  });

  it("retries the subscription twice, then shows 'Failed to fetch subscription status'", async () => {
    const fetchMock = serve({ current: null, overrides: { "/api/payment/subscription": () => json(500, { error: "" }) } });
    renderWithQuery(<CurrentCohortCard />);
    // Two retries a second or two apart (React Query's backoff), then the message.
    expect(await screen.findByText("Failed to fetch subscription status")).toBeTruthy();
    expect(callsTo(fetchMock, "/api/payment/subscription")).toHaveLength(3);
  });

  it("keeps a collapsed history when the member has been in more than one cohort, with 'Moved out' for a seat left", async () => {
    serve({
      current: makeCurrent(),
      history: [
        historyEntry({}, { cohort_name: "January Reset" }),
        historyEntry({ status: "released", left_at: "2025-12-02T10:00:00.000Z" }, { cohort_name: "December Kickoff" }),
      ],
    });
    renderWithQuery(<CurrentCohortCard />);
    const history = await screen.findByRole("list", { name: "Cohort history" });
    expect(history.closest("details")?.open).toBe(false);
    expect(screen.getByText(/^Cohort history/).tagName).toBe("SUMMARY");
    const items = within(history).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByText("December Kickoff")).toBeTruthy();
    expect(within(items[1]!).getByText("Moved out")).toBeTruthy();
    expect(within(items[0]!).queryByText("Moved out")).toBeNull();
  });

  it("has no history section for a single cohort", async () => {
    serve({ current: makeCurrent(), history: [historyEntry()] });
    renderWithQuery(<CurrentCohortCard />);
    await screen.findByTestId("current-cohort-name");
    await waitFor(() => expect(screen.queryByText(/^Cohort history/)).toBeNull());
  });
});
