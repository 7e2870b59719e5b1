import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { fakeSupabase, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  supabase: null as unknown as FakeSupabase,
  createClient: vi.fn(),
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: mocks.createClient }));

import { dashboardQueries } from "@/components/dashboard/dashboard-queries";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import type { DashboardInitialData } from "@/lib/dashboard/initial-data";
import { activeSubscription, historyEntry, makeCurrent } from "../dashboard/member-fixtures";
import { callsTo, json, stubFetch } from "../enrolment/test-utils";
import { LastUpdated } from "@/components/dashboard/last-updated";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieName } from "@/lib/auth/session-cookie";

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
  mocks.createClient.mockImplementation(() => mocks.supabase);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SESSION_COOKIE = sessionCookieName(publicEnv.supabaseUrl);
const holdSession = () => {
  const session = { access_token: "member-token", refresh_token: "r", expires_at: Math.floor(Date.now() / 1000) + 3600 };
  document.cookie = `${SESSION_COOKIE}=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}; path=/`;
};
const dropSession = () => {
  document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};
afterEach(dropSession);

describe("/dashboard shell", () => {
  it("shows 'Welcome back' with the email the server verified at once, without loading the auth client", async () => {
    holdSession();
    stubFetch({ "/api/": () => json(200, { data: null }) });
    render(<DashboardShell email="a@example.com" loadedAt={Date.now()} />);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading your dashboard" })).toBeNull();
    expect(screen.getByText("a@example.com")).toBeTruthy();
    expect(screen.getByText("Just now")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign Out" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Set up your coach bot" }).getAttribute("href")).toBe("#bot-setup");
    // The cards' calls carry the cookie's fresh token: the auth client is never needed.
    await act(async () => {});
    expect(mocks.createClient).not.toHaveBeenCalled();
  });

  it("goes to /auth, replacing history, when the browser holds no session, hiding the dashboard behind a spinner", async () => {
    render(<DashboardShell email="a@example.com" loadedAt={Date.now()} />);
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/auth"));
    expect(screen.getByRole("status").textContent).toBe("Loading your dashboard");
    expect(screen.queryByRole("heading", { level: 1, name: "Welcome back" })).toBeNull();
  });

  it("goes to /auth when the session ends in another tab, as soon as this one is looked at again", async () => {
    holdSession();
    stubFetch({ "/api/": () => json(200, { data: null }) });
    render(<DashboardShell email="a@example.com" loadedAt={Date.now()} />);
    await screen.findByRole("heading", { level: 1, name: "Welcome back" });
    dropSession();
    expect(mocks.router.replace).not.toHaveBeenCalled();
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/auth"));
  });
});

describe("/dashboard with the server's reads", () => {
  const initialData: DashboardInitialData = {
    affiliateStats: {
      visitors: 1204,
      leads: 12,
      conversions: 3,
      commission: 59.6,
      currency: "usd",
      pending: 29.8,
      due: 0,
      paid: 29.8,
      entries: [],
    },
    currentCohort: makeCurrent(),
    cohortHistory: [historyEntry({}, { cohort_name: "January Reset" })],
    subscription: activeSubscription,
  };
  const empty = { data: null };

  it("arrives with the stat cards and the cohort card filled, and asks the API only for the other cards", async () => {
    holdSession();
    const fetchMock = stubFetch({
      "/api/referral/get_affiliate_link": () =>
        json(200, { data: { link: "https://x.example/?via=a", affiliate_link: "https://x.example/?via=a", coupon_code: "A" } }),
      "/api/referral/funnel": () => json(500, { error: "down", code: "internal" }),
      "/api/referral/lead": () => json(200, { data: { recorded: false } }),
      "/api/users/me/badges": () => json(200, { data: { badges: [] } }),
      "/api/users/me/bot-setup": () => json(500, { error: "down", code: "internal" }),
      "/api/": () => json(200, empty),
    });
    const loadedAt = Date.now();
    render(<DashboardShell email="a@example.com" loadedAt={loadedAt} queries={dashboardQueries(initialData, loadedAt)} />);
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
    holdSession();
    const fetchMock = stubFetch({
      "/api/cohorts/user/current": () => json(200, { data: makeCurrent({}, { cohort_name: "From the API" }) }),
      "/api/": () => json(500, { error: "down", code: "internal" }),
    });
    const withoutCohort = { ...initialData, currentCohort: undefined };
    const loadedAt = Date.now();
    render(<DashboardShell email="a@example.com" loadedAt={loadedAt} queries={dashboardQueries(withoutCohort, loadedAt)} />);
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
