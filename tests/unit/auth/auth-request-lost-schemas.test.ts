import { afterEach, expect, it, vi } from "vitest";

// The answers' schemas are a script of their own; here it never arrives (the connection dropped).
vi.mock("@/components/auth/auth-answers", () => {
  throw new Error("Failed to load chunk");
});

import { authRequest } from "@/components/auth/auth-request";

afterEach(() => vi.unstubAllGlobals());

it("reports schemas that cannot be loaded as no answer (status 0), not as an error thrown at the form", async () => {
  vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ data: { status: "sent" } }), { status: 200 })));
  await expect(authRequest("/api/auth/sign-in-link", { email: "a@example.com" })).resolves.toEqual({
    ok: false,
    status: 0,
    message: null,
    fields: {},
  });
});
