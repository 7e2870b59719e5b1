import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { fakeSupabase, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  supabase: null as unknown as FakeSupabase,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { useSignOut } from "@/components/auth/use-sign-out";
import { storageKeys } from "@/lib/storage-keys";

const errorLog = vi.spyOn(console, "error").mockImplementation(() => {});

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
  localStorage.setItem(storageKeys.authToken, "old-token");
});
afterEach(() => vi.unstubAllGlobals());

async function signOutWith(response: Response | Error) {
  const fetchMock = response instanceof Error ? vi.fn().mockRejectedValue(response) : vi.fn().mockResolvedValue(response);
  vi.stubGlobal("fetch", fetchMock);
  const { result } = renderHook(() => useSignOut());
  await act(() => result.current.signOut());
  return fetchMock;
}

describe("signing out (SPEC §4)", () => {
  it("clears the authToken item, ends the session on the server and locally, then goes to /auth", async () => {
    const fetchMock = await signOutWith(new Response(JSON.stringify({ data: { signedOut: true } }), { status: 200 }));
    expect(localStorage.getItem(storageKeys.authToken)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/sign-out", expect.objectContaining({ method: "POST" }));
    expect(mocks.supabase.auth.signOut).toHaveBeenCalledWith({ scope: "local" });
    expect(mocks.router.replace).toHaveBeenCalledWith("/auth");
    expect(mocks.router.refresh).toHaveBeenCalled();
    expect(errorLog).not.toHaveBeenCalled();
  });

  it.each([401, 403, 404])("still removes the session locally, without logging, when the server answers %i", async (status) => {
    await signOutWith(new Response(JSON.stringify({ error: "gone" }), { status }));
    expect(mocks.supabase.auth.signOut).toHaveBeenCalledWith({ scope: "local" });
    expect(mocks.router.replace).toHaveBeenCalledWith("/auth");
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("only logs other failures and still signs out here", async () => {
    await signOutWith(new Response(JSON.stringify({ error: "down" }), { status: 503 }));
    expect(errorLog).toHaveBeenCalledWith("Sign-out failed on the server", 503);
    expect(mocks.supabase.auth.signOut).toHaveBeenCalledWith({ scope: "local" });
    expect(mocks.router.replace).toHaveBeenCalledWith("/auth");
  });

  it("only logs a network failure", async () => {
    await signOutWith(new TypeError("Failed to fetch"));
    expect(errorLog).toHaveBeenCalled();
    expect(mocks.router.replace).toHaveBeenCalledWith("/auth");
  });
});
