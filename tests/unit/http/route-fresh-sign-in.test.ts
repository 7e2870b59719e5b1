import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { SITE, anyAnswer, setup } from "../../fixtures/route-fixture";

// D17: route({ auth: "operator", fresh: true }) is a money route. An operator whose session has no
// fresh sign-in (their password again within 10 minutes) gets 403 fresh_sign_in_required before
// the body is read or the handler runs; anyone else gets the area's ordinary 403.
const post = (token: string | null, body: unknown) =>
  new Request(`${SITE}/api/operator/money`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const bodySchema = z.object({ amountCents: z.number().int() });

describe("route({ auth: 'operator', fresh: true })", () => {
  it("runs the handler for an operator whose session is fresh, asking each time", async () => {
    const { route, isFreshSignIn } = setup();
    const handler = route({ auth: "operator", fresh: true, body: bodySchema, response: anyAnswer }, ({ body }) => ({
      refunded: body.amountCents,
    }));
    const response = await handler(post("operator-token", { amountCents: 500 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { refunded: 500 } });
    await handler(post("operator-token", { amountCents: 500 }));
    expect(isFreshSignIn).toHaveBeenCalledTimes(2);
  });

  it("refuses a stale session with 403 fresh_sign_in_required, before reading the body or running the handler", async () => {
    const { route, isFreshSignIn } = setup();
    isFreshSignIn.mockResolvedValue(false);
    const work = vi.fn(() => ({}));
    const handler = route({ auth: "operator", fresh: true, body: bodySchema, response: anyAnswer }, work);
    for (const body of [{ amountCents: 500 }, { amountCents: "not a number" }]) {
      const response = await handler(post("operator-token", body));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: "Confirm it's you: enter your password again to make money changes.",
        code: "fresh_sign_in_required",
      });
    }
    expect(work).not.toHaveBeenCalled();
  });

  it("answers a member or a visitor as any operator route does, without asking about freshness", async () => {
    const { route, isFreshSignIn } = setup();
    const handler = route({ auth: "operator", fresh: true, response: anyAnswer }, () => ({}));
    for (const token of ["good-token", null]) {
      const response = await handler(post(token, {}));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "This is for operators only.", code: "forbidden" });
    }
    expect(isFreshSignIn).not.toHaveBeenCalled();
  });

  it("is for operator routes only: declaring it on any other route fails at once", () => {
    const { route } = setup();
    expect(() => route({ auth: "required", fresh: true, response: anyAnswer }, () => ({}))).toThrow(/auth: "operator"/);
  });
});
