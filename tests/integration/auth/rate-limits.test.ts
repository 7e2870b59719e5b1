import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthStandIn } from "../../../local/auth/auth-server";
import { authClient, authFetch, startExtraAuth, uniqueEmail } from "../../fixtures/auth-client";

let strict: AuthStandIn;
beforeAll(async () => {
  strict = await startExtraAuth({ rateLimits: { signInsPerWindow: 3, emailsPerHour: 2 } });
});
afterAll(async () => {
  await strict.stop();
});

describe("rate limits", () => {
  it("answers 429 over_request_rate_limit with Retry-After once an IP used its sign-in budget", async () => {
    const attempt = () =>
      authFetch("/token?grant_type=password", {
        url: strict.url,
        method: "POST",
        headers: { "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ email: "who@example.com", password: "whatever-password" }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ code: 429, error_code: "over_request_rate_limit", msg: "Request rate limit reached" });
  });

  it("limits the emails one address receives", async () => {
    const email = uniqueEmail("flood");
    const client = authClient({ url: strict.url });
    expect((await client.auth.signUp({ email, password: "a-long-enough-password" })).error).toBeNull();
    expect((await client.auth.resend({ type: "signup", email })).error).toBeNull();
    const third = await client.auth.resend({ type: "signup", email });
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe("over_email_send_rate_limit");
  });
});
