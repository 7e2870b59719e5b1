import { describe, expect, it } from "vitest";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { SITE, anyAnswer, operator, setup } from "../../fixtures/route-fixture";

const REFUSED = { error: "This is for operators only.", code: "forbidden" };
const get = (headers: Record<string, string> = {}) => new Request(`${SITE}/api/operator/test`, { headers });
const cookieFor = (token: string) =>
  `${sessionCookieName(publicEnv.supabaseUrl)}=base64-${Buffer.from(JSON.stringify({ access_token: token })).toString("base64url")}`;

describe("route({ auth: 'operator' }) (D17)", () => {
  it.each([
    ["a visitor (no token)", {}],
    ["a member", { authorization: "Bearer good-token" }],
    ["a member by session cookie", { cookie: cookieFor("good-token") }],
    ["a token that does not verify", { authorization: "Bearer expired" }],
  ])("refuses %s with 403 and never runs the handler", async (_who, headers) => {
    const { route } = setup();
    let ran = false;
    const response = await route({ response: anyAnswer, auth: "operator" }, () => {
      ran = true;
      return {};
    })(get(headers));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(REFUSED);
    expect(ran).toBe(false);
  });

  it("hands an operator to the handler, asking the database each time", async () => {
    const { route, isOperator } = setup();
    const handler = route({ response: anyAnswer, auth: "operator" }, ({ user }) => ({ id: user.id }));
    for (let i = 0; i < 2; i += 1) {
      const response = await handler(get({ authorization: "Bearer operator-token" }));
      expect(await response.json()).toEqual({ data: { id: operator.id } });
    }
    expect(isOperator).toHaveBeenCalledTimes(2);
  });

  it("refuses an operator once the database no longer says they are one", async () => {
    const { route, isOperator } = setup();
    isOperator.mockResolvedValueOnce(false);
    const response = await route({ response: anyAnswer, auth: "operator" }, () => ({}))(get({ authorization: "Bearer operator-token" }));
    expect(response.status).toBe(403);
  });

  it("still checks the Origin of a cookie-authenticated write before anything else", async () => {
    const { route, isOperator } = setup();
    const response = await route({ response: anyAnswer, auth: "operator" }, () => ({}))(
      new Request(`${SITE}/api/operator/test`, {
        method: "POST",
        headers: { cookie: cookieFor("operator-token"), origin: "https://evil.example" },
      }),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("origin_mismatch");
    expect(isOperator).not.toHaveBeenCalled();
  });
});
