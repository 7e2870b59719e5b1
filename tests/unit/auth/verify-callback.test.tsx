import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, waitFor } from "@testing-library/react";
import { fakeSupabase } from "./fake-supabase";

function callbackSupabase() {
  const base = fakeSupabase();
  return { ...base, auth: { ...base.auth, getUser: vi.fn() } };
}

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  supabase: null as unknown as ReturnType<typeof callbackSupabase>,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { AuthCallback } from "@/components/auth/auth-callback";
import { parseCallbackParams } from "@/components/auth/callback-params";
import { storageKeys } from "@/lib/storage-keys";

const TOKEN = "tok_abcdefghijklmnopqrstuvwxyz0123";
const EMAIL = "buyer@example.com";
const USER_ID = "5b0c7a3e-2f41-4c8e-9d7a-1e2f3a4b5c6d";

let fetchMock: ReturnType<typeof vi.fn>;

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

function arriveFromGoogle(next?: string) {
  window.history.replaceState(null, "", "/auth/callback?verify=true");
  render(<AuthCallback params={parseCallbackParams({ code: "abc", verify: "true", ...(next ? { next } : {}) })} />);
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.supabase = callbackSupabase();
  mocks.supabase.auth.getUser.mockResolvedValue({ data: { user: { id: USER_ID, email: EMAIL } }, error: null });
  localStorage.setItem(storageKeys.pendingVerification, JSON.stringify({ token: TOKEN, email: EMAIL }));
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe("/auth/callback?verify=true", () => {
  it("completes the pending verification for the signed-in user before going to /dashboard", async () => {
    respond(200, { data: { verified: true, email: EMAIL } });
    arriveFromGoogle();
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/dashboard"));
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ action: "complete", token: TOKEN, email: EMAIL, authId: USER_ID });
    expect(fetchMock.mock.invocationCallOrder[0]).toBeLessThan(mocks.router.replace.mock.invocationCallOrder[0] ?? 0);
    expect(mocks.toast.success).toHaveBeenCalledWith("Account Verified!", expect.anything());
    expect(localStorage.getItem(storageKeys.pendingVerification)).toBeNull();
  });

  it("toasts 'Verification Warning', forgets the record and still goes on to next when completion fails", async () => {
    respond(400, {
      error: "The verification link is invalid or has expired.",
      message: "The verification link is invalid or has expired.",
      code: "invalid_link",
    });
    arriveFromGoogle("/payment-success");
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/payment-success"));
    expect(mocks.toast.error).toHaveBeenCalledWith("Verification Warning", {
      id: "verification-warning",
      description: "Account created but verification could not be completed. Please contact support.",
    });
    expect(mocks.toast.error).not.toHaveBeenCalledWith("Failed to complete authentication", expect.anything());
    expect(mocks.toast.success).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.pendingVerification)).toBeNull();
  });
});
