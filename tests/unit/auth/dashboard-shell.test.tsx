import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { fakeSupabase, sessionFor, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  supabase: null as unknown as FakeSupabase,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import type { DashboardInitialData } from "@/lib/dashboard/initial-data";
import { activeSubscription, historyEntry, makeCurrent } from "../dashboard/member-fixtures";
import { callsTo, json, stubFetch } from "../enrolment/test-utils";
import { LastUpdated } from "@/components/dashboard/last-updated";

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("/dashboard shell", () => {
  it("shows 'Welcome back' with the email the server verified at once, before the browser's session is read", async () => {
    let readSession: (value: unknown) => void = () => {};
    mocks.supabase.auth.getSession.mockReturnValue(new Promise((resolve) => (readSession = resolve)));
    render(<DashboardShell email="a@example.com" loadedAt={Date.now()} />);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading your dashboard" })).toBeNull();
    await act(async () => readSession({ data: { session: sessionFor("a@example.com") }, error: null }));
    expect(screen.getByText("a@example.com")).toBeTruthy();
    expect(screen.getByText("Just now")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign Out" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Set up your coach bot" }).getAttribute("href")).toBe("#bot-setup");
  });

  it("goes to /auth, replacing history, when the browser holds no session, hiding the dashboard behind a spinner", async () => {
    render(<DashboardShell email="a@example.com" loadedAt={Date.now()} />);
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/auth"));
    expect(screen.getByRole("status").textContent).toBe("Loading your dashboard");
    expect(screen.queryByRole("heading", { level: 1, name: "Welcome back" })).toBeNull();
  });

  it("goes to /auth when the session ends in another tab", async () => {
    mocks.supabase.auth.getSession.mockResolvedValue({ data: { session: sessionFor("a@example.com") }, error: null });
    render(<DashboardShell email="a@example.com" loadedAt={Date.now()} />);
    await screen.findByRole("heading", { level: 1, name: "Welcome back" });
    act(() => mocks.supabase.emit("SIGNED_OUT", null));
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/auth"));
  });
});

describe("/dashboard with the server's reads", () => {
  const initialData: DashboardInitialData = {
    affiliateStats: { visitors: 1204, leads: 12, conversions: 3, commission: 59.6, currency: "usd", pending: 29.8, due: 0, paid: 29.8, entries: [] },
    currentCohort: makeCurrent(),
    cohortHistory: [historyEntry({}, { cohort_name: "January Reset" })],
    subscription: activeSubscription,
  };
  const empty = { data: null };

  it("arrives with the stat cards and the cohort card filled, and asks the API only for the other cards", async () => {
    mocks.supabase.auth.getSession.mockResolvedValue({ data: { session: sessionFor("a@example.com") }, error: null });
    const fetchMock = stubFetch({
      "/api/referral/get_affiliate_link": () => json(200, { data: { link: "https://x.example/?via=a", affiliate_link: "https://x.example/?via=a", coupon_code: "A" } }),
      "/api/referral/funnel": () => json(500, { error: "down", code: "internal" }),
      "/api/referral/lead": () => json(200, { data: { recorded: false } }),
      "/api/users/me/badges": () => json(200, { data: { badges: [] } }),
      "/api/users/me/bot-setup": () => json(500, { error: "down", code: "internal" }),
      "/api/": () => json(200, empty),
    });
    render(<DashboardShell email="a@example.com" loadedAt={Date.now()} initialData={initialData} />);
    // On the first render, before any answer: no skeletons where the server's data is.
    expect(screen.getByTestId("stat-visitors").textContent).toBe("Total Visitors1,204");
    expect(screen.getByTestId("current-cohort-name").textContent).toBe("January Reset");
    await waitFor(() => expect(callsTo(fetchMock, "/api/referral/get_affiliate_link")).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, "/api/users/me/badges")).toHaveLength(1));
    for (const path of ["/api/referral/stats", "/api/cohorts/user/current", "/api/cohorts/user/history", "/api/payment/subscription"]) {
      expect(callsTo(fetchMock, path)).toHaveLength(0);
    }
  });

  it("asks the API for a card whose read the server could not make", async () => {
    mocks.supabase.auth.getSession.mockResolvedValue({ data: { session: sessionFor("a@example.com") }, error: null });
    const fetchMock = stubFetch({
      "/api/cohorts/user/current": () => json(200, { data: makeCurrent({}, { cohort_name: "From the API" }) }),
      "/api/": () => json(500, { error: "down", code: "internal" }),
    });
    const withoutCohort = { ...initialData, currentCohort: undefined };
    render(<DashboardShell email="a@example.com" loadedAt={Date.now()} initialData={withoutCohort} />);
    expect(screen.getByTestId("stat-visitors").textContent).toBe("Total Visitors1,204");
    expect((await screen.findByTestId("current-cohort-name")).textContent).toBe("From the API");
    expect(callsTo(fetchMock, "/api/cohorts/user/current")).toHaveLength(1);
    expect(callsTo(fetchMock, "/api/referral/stats")).toHaveLength(0);
  });
});

describe("'Last updated'", () => {
  it("moves from 'Just now' to '1 minute ago' and '2 minutes ago', re-rendered every 10 s", () => {
    vi.useFakeTimers();
    render(<LastUpdated loadedAt={Date.now()} />);
    expect(screen.getByText("Just now")).toBeTruthy();
    act(() => vi.advanceTimersByTime(50_000));
    expect(screen.getByText("Just now")).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText("1 minute ago")).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("2 minutes ago")).toBeTruthy();
  });

  it("starts again at 'Just now' when the page data is loaded again", () => {
    vi.useFakeTimers();
    const loadedAt = Date.now();
    const { rerender } = render(<LastUpdated loadedAt={loadedAt} />);
    act(() => vi.advanceTimersByTime(120_000));
    expect(screen.getByText("2 minutes ago")).toBeTruthy();
    rerender(<LastUpdated loadedAt={loadedAt + 120_000} />);
    expect(screen.getByText("Just now")).toBeTruthy();
  });
});
