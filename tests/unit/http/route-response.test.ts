import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SITE, setup } from "../../fixtures/route-fixture";

const accountSchema = z.object({ email: z.string(), userType: z.string() });

const get = () => new Request(`${SITE}/api/test`);

describe("route wrapper: the response schema", () => {
  it("sends only the schema's fields: a row's other columns (a password hash, a token) never leave", async () => {
    const { route } = setup();
    const row = { email: "a@example.com", userType: "client", password_hash: "$2b$10$secret", reset_token: "t0k3n" };
    const response = await route({ response: accountSchema }, () => row)(get());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { email: "a@example.com", userType: "client" } });
  });

  it("turns an answer that does not fit its schema into a generic 500 and logs why", async () => {
    const { route, logError } = setup();
    const drifted: unknown = { email: "a@example.com", userType: 7 };
    const response = await route({ response: accountSchema }, () => drifted as z.input<typeof accountSchema>)(get());
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Something went wrong on our side. Please try again.", code: "internal" });
    expect(logError).toHaveBeenCalledWith(
      "Unhandled error in route handler",
      expect.objectContaining({ error: expect.any(z.core.$ZodError) }),
    );
  });

  it("passes null through a nullable schema (a member without a cohort)", async () => {
    const { route } = setup();
    const response = await route({ response: accountSchema.nullable() }, () => null)(get());
    expect(await response.json()).toEqual({ data: null });
  });
});
