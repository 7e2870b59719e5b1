// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn() },
  getUser: vi.fn(),
}));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => ({ auth: { getUser: mocks.getUser } }) }));

import { completePendingVerification, readPendingVerification, rememberPendingVerification } from "@/components/auth/pending-verification";
import { storageKeys } from "@/lib/storage-keys";

const TOKEN = "tok_abcdefghijklmnopqrstuvwxyz0123";
const EMAIL = "buyer@example.com";
const USER_ID = "5b0c7a3e-2f41-4c8e-9d7a-1e2f3a4b5c6d";

let fetchMock: ReturnType<typeof vi.fn>;

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

function stored(): string | null {
  return localStorage.getItem(storageKeys.pendingVerification);
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.getUser.mockResolvedValue({ data: { user: { id: USER_ID, email: EMAIL } }, error: null });
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe("the pending verification record", () => {
  it("is stored as the link's token and email and read back", () => {
    expect(rememberPendingVerification({ token: TOKEN, email: EMAIL })).toBe(true);
    expect(JSON.parse(stored() ?? "null")).toEqual({ token: TOKEN, email: EMAIL });
    expect(readPendingVerification()).toEqual({ token: TOKEN, email: EMAIL });
  });

  it("counts unreadable text as nothing pending, and removes it", () => {
    localStorage.setItem(storageKeys.pendingVerification, "{not json");
    expect(readPendingVerification()).toBeNull();
    expect(stored()).toBeNull();
  });

  it("counts a record of another shape as nothing pending, and removes it", () => {
    localStorage.setItem(storageKeys.pendingVerification, JSON.stringify({ token: 42, email: EMAIL }));
    expect(readPendingVerification()).toBeNull();
    expect(stored()).toBeNull();
  });
});

describe("completing a pending verification (auth callback with verify=true)", () => {
  it("does nothing when nothing is pending", async () => {
    await expect(completePendingVerification()).resolves.toBe("none");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(mocks.toast.success).not.toHaveBeenCalled();
    expect(mocks.toast.error).not.toHaveBeenCalled();
  });

  it("completes the link for the signed-in user, removes the record and toasts 'Account Verified!'", async () => {
    rememberPendingVerification({ token: TOKEN, email: EMAIL });
    respond(200, { data: { verified: true, email: EMAIL } });
    await expect(completePendingVerification()).resolves.toBe("verified");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/auth/verify-email");
    expect(JSON.parse(String(init.body))).toEqual({ action: "complete", token: TOKEN, email: EMAIL, authId: USER_ID });
    expect(stored()).toBeNull();
    expect(mocks.toast.success).toHaveBeenCalledWith("Account Verified!", expect.anything());
  });

  it("toasts 'Verification Warning' and removes the record when the server refuses", async () => {
    rememberPendingVerification({ token: TOKEN, email: EMAIL });
    respond(403, {
      error: "This account does not match the verification link.",
      message: "This account does not match the verification link.",
      code: "forbidden",
    });
    await expect(completePendingVerification()).resolves.toBe("failed");
    expect(stored()).toBeNull();
    expect(mocks.toast.error).toHaveBeenCalledWith("Verification Warning", {
      id: "verification-warning",
      description: "Account created but verification could not be completed. Please contact support.",
    });
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });

  it("fails without calling the server when there is no signed-in user", async () => {
    rememberPendingVerification({ token: TOKEN, email: EMAIL });
    mocks.getUser.mockResolvedValue({ data: { user: null }, error: { message: "Auth session missing!" } });
    await expect(completePendingVerification()).resolves.toBe("failed");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stored()).toBeNull();
    expect(mocks.toast.error).toHaveBeenCalledWith("Verification Warning", expect.anything());
  });

  it("fails, without throwing, when the request never gets an answer", async () => {
    rememberPendingVerification({ token: TOKEN, email: EMAIL });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(completePendingVerification()).resolves.toBe("failed");
    expect(stored()).toBeNull();
  });
});
