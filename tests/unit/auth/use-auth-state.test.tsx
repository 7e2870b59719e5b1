import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { fakeSupabase, sessionFor, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({ supabase: null as unknown as FakeSupabase }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { useAuthState } from "@/components/auth/use-auth-state";

beforeEach(() => {
  mocks.supabase = fakeSupabase();
});

describe("auth state (SPEC §4)", () => {
  it("starts loading with no user and settles on the stored session", async () => {
    mocks.supabase.auth.getSession.mockResolvedValue({ data: { session: sessionFor("a@example.com") }, error: null });
    const { result } = renderHook(() => useAuthState());
    expect(result.current).toEqual({ user: null, loading: true });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user?.email).toBe("a@example.com");
  });

  it("settles signed out when nothing is stored", async () => {
    const { result } = renderHook(() => useAuthState());
    await waitFor(() => expect(result.current).toEqual({ user: null, loading: false }));
  });

  it("settles on the first auth event when it comes before the stored session", async () => {
    let resolveSession: (value: unknown) => void = () => {};
    mocks.supabase.auth.getSession.mockReturnValue(new Promise((resolve) => (resolveSession = resolve)));
    const { result } = renderHook(() => useAuthState());
    // The auth client loads after the first render; its events count from then on.
    await waitFor(() => expect(mocks.supabase.auth.onAuthStateChange).toHaveBeenCalled());
    act(() => mocks.supabase.emit("SIGNED_IN", sessionFor("b@example.com")));
    expect(result.current.user?.email).toBe("b@example.com");
    // The older stored value does not overwrite the event.
    await act(async () => resolveSession({ data: { session: null }, error: null }));
    expect(result.current.user?.email).toBe("b@example.com");
  });

  it("follows later events, such as signing out in another tab", async () => {
    mocks.supabase.auth.getSession.mockResolvedValue({ data: { session: sessionFor("a@example.com") }, error: null });
    const { result } = renderHook(() => useAuthState());
    await waitFor(() => expect(result.current.user).not.toBeNull());
    act(() => mocks.supabase.emit("SIGNED_OUT", null));
    expect(result.current).toEqual({ user: null, loading: false });
  });
});
