import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { fakeSupabase, sessionFor, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  supabase: null as unknown as FakeSupabase,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { AuthCallback } from "@/components/auth/auth-callback";
import { parseCallbackParams } from "@/components/auth/callback-params";
import type { SearchParams } from "@/lib/search-params";
import { storageKeys } from "@/lib/storage-keys";

vi.spyOn(console, "error").mockImplementation(() => {});

function arrive(query: SearchParams, address = "/auth/callback?code=abc") {
  window.history.replaceState(null, "", address);
  return render(<AuthCallback params={parseCallbackParams(query)} />);
}

function expectFailure() {
  expect(mocks.toast.error).toHaveBeenCalledWith("Failed to complete authentication", expect.anything());
  expect(mocks.router.replace).toHaveBeenCalledWith("/auth");
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.supabase = fakeSupabase();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("/auth/callback", () => {
  it("shows a labelled spinner while it works", () => {
    mocks.supabase.auth.exchangeCodeForSession.mockReturnValue(new Promise(() => {}));
    arrive({ code: "abc" });
    expect(screen.getByRole("status").textContent).toBe("Completing sign-in");
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
  });

  it("exchanges the code once and goes to next", async () => {
    arrive({ code: "abc", next: "/payment" });
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/payment"));
    expect(mocks.supabase.auth.exchangeCodeForSession).toHaveBeenCalledTimes(1);
    expect(mocks.supabase.auth.exchangeCodeForSession).toHaveBeenCalledWith("abc");
  });

  it("goes to /dashboard when next is unsafe", async () => {
    arrive({ code: "abc", next: "https://evil.example" });
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/dashboard"));
  });

  it("fails with an error from the provider, without exchanging", async () => {
    arrive({ error: "access_denied", error_description: "User cancelled", code: "abc" });
    await waitFor(expectFailure);
    expect(mocks.supabase.auth.exchangeCodeForSession).not.toHaveBeenCalled();
  });

  it("fails without a code", async () => {
    arrive({}, "/auth/callback");
    await waitFor(expectFailure);
  });

  it("fails when the code cannot be exchanged", async () => {
    mocks.supabase.auth.exchangeCodeForSession.mockResolvedValue({ data: { session: null }, error: new Error("invalid flow state") });
    mocks.supabase.auth.getSession.mockResolvedValue({ data: { session: sessionFor("a@example.com") }, error: null });
    arrive({ code: "abc" }, "/auth/callback?code=abc");
    await waitFor(expectFailure);
  });

  it("accepts the session when the browser client already exchanged the code", async () => {
    mocks.supabase.auth.exchangeCodeForSession.mockResolvedValue({ data: { session: null }, error: new Error("code verifier missing") });
    mocks.supabase.auth.getSession.mockResolvedValue({ data: { session: sessionFor("a@example.com") }, error: null });
    arrive({ code: "abc", next: "/payment" }, "/auth/callback?next=%2Fpayment");
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/payment"));
    expect(mocks.toast.error).not.toHaveBeenCalled();
  });

  it("with step, mobile and qr, says it is signed in and goes to the dashboard after 1 s", async () => {
    vi.useFakeTimers();
    arrive({ code: "abc", step: "2", mobile: "true", qr: "x1" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText("Signed in, taking you to your dashboard…")).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(mocks.router.replace).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(mocks.router.replace).toHaveBeenCalledWith("/dashboard?step=2&mobile=true&qr=x1");
  });

  it("with verify=true completes the pending verification, then goes on", async () => {
    localStorage.setItem(storageKeys.pendingVerification, JSON.stringify({ token: "t", email: "a@example.com" }));
    Object.assign(mocks.supabase.auth, { getUser: vi.fn().mockResolvedValue({ data: { user: { id: "user-1" } }, error: null }) });
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(Response.json({ data: { verified: true, email: "a@example.com" } })));
    arrive({ code: "abc", verify: "true" });
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/dashboard"));
    expect(mocks.toast.success).toHaveBeenCalledWith("Account Verified!", expect.anything());
    expect(localStorage.getItem(storageKeys.pendingVerification)).toBeNull();
  });
});
