import { afterEach, describe, expect, it, vi } from "vitest";
import { authRequest } from "@/components/auth/auth-api";

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

afterEach(() => vi.unstubAllGlobals());

describe("calls to /api/auth", () => {
  it("POSTs JSON and reports success", async () => {
    const fetchMock = answer(200, { data: { status: "sent" } });
    vi.stubGlobal("fetch", fetchMock);
    await expect(authRequest("/api/auth/sign-in-link", { email: "a@example.com" })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/sign-in-link",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "a@example.com" }) }),
    );
  });

  it("passes the server's message through", async () => {
    vi.stubGlobal("fetch", answer(400, { error: "Invalid login credentials", code: "invalid_credentials" }));
    await expect(authRequest("/api/auth/sign-in", { email: "a@example.com", password: "x" })).resolves.toEqual({
      ok: false,
      status: 400,
      message: "Invalid login credentials",
      fields: {},
    });
  });

  it("maps a 422's details to the email and password fields", async () => {
    vi.stubGlobal(
      "fetch",
      answer(422, {
        error: "The request body is not valid.",
        code: "validation_failed",
        details: [
          { path: "password", message: "Password must be at least 8 characters long." },
          { path: "other", message: "x" },
        ],
      }),
    );
    const result = await authRequest("/api/auth/sign-up", { email: "a@example.com", password: "short" });
    expect(result).toMatchObject({ ok: false, status: 422, fields: { password: "Password must be at least 8 characters long." } });
  });

  it("reports a network failure as status 0 without a message", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(authRequest("/api/auth/sign-out")).resolves.toEqual({ ok: false, status: 0, message: null, fields: {} });
  });

  it("copes with an answer that is not JSON", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("Bad gateway", { status: 502 })));
    await expect(authRequest("/api/auth/sign-out")).resolves.toEqual({ ok: false, status: 502, message: null, fields: {} });
  });
});
