import { beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({ signInWithOAuth: vi.fn() }));
vi.mock("@/server/supabase/server", () => ({ createClient: async () => ({ auth: { signInWithOAuth: mocks.signInWithOAuth } }) }));
vi.mock("@/server/log", () => ({ log: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } }));

import { GET } from "@/app/(auth)/auth/google/route";
import { publicEnv } from "@/lib/public-env";

const start = (query: string) => GET(new Request(`${publicEnv.siteUrl}/auth/google?${query}`));

beforeEach(() => {
  mocks.signInWithOAuth.mockReset();
  mocks.signInWithOAuth.mockResolvedValue({ data: { provider: "google", url: "https://auth.test/authorize?x=1" }, error: null });
});

describe("GET /auth/google: the one way Google sign-in starts", () => {
  it("sends the visitor to the consent page, coming back through /auth/callback to next", async () => {
    const response = await start("next=%2Fpayment%3Fstep%3D3");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://auth.test/authorize?x=1");
    const { options } = mocks.signInWithOAuth.mock.calls[0]![0] as { options: { redirectTo: string } };
    const back = new URL(options.redirectTo);
    expect(back.pathname).toBe("/auth/callback");
    expect(Object.fromEntries(back.searchParams)).toEqual({ next: "/payment?step=3" });
  });

  it("asks the callback to complete the pending verification with verify=true", async () => {
    await start("next=%2Fdashboard&verify=true");
    const { options } = mocks.signInWithOAuth.mock.calls[0]![0] as { options: { redirectTo: string } };
    expect(Object.fromEntries(new URL(options.redirectTo).searchParams)).toEqual({ next: "/dashboard", verify: "true" });
  });

  it("when it cannot start, goes back to the page that asked (a path on this site) with error=google", async () => {
    mocks.signInWithOAuth.mockResolvedValue({ data: { provider: "google", url: null }, error: { message: "provider disabled" } });
    const response = await start(`next=%2Fdashboard&verify=true&back=${encodeURIComponent("/verify?token=t&email=a%40b.c")}`);
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.pathname}?${location.searchParams}`).toBe("/verify?token=t&email=a%40b.c&error=google");

    const elsewhere = new URL((await start("back=https%3A%2F%2Fevil.example%2F")).headers.get("location") ?? "");
    expect(elsewhere.origin).toBe(new URL(publicEnv.siteUrl).origin);
    expect(`${elsewhere.pathname}${elsewhere.search}`).toBe("/auth?error=google");
  });
});
