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
import { LastUpdated } from "@/components/dashboard/last-updated";

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
});
afterEach(() => vi.useRealTimers());

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
