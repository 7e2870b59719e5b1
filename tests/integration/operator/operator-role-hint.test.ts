import { describe, expect, it } from "vitest";
import { GET as operatorRole } from "@/app/api/users/me/operator/route";
import { GET as memberProfile } from "@/app/api/users/me/route";
import { setOperatorRole } from "@/server/operator/operator-role";
import { suiteSql } from "../../fixtures/db";
import { callRoute, signedInOperator } from "../../fixtures/operators";
import { signedInMember } from "../../fixtures/payments";

// D17: the site's header asks whether its signed-in member is an operator before drawing the way
// into /operator; the answer follows the role as it is now, while the profile keeps it out of sight.
suiteSql();

const ask = (token?: string) => callRoute(operatorRole, "/api/users/me/operator", { token });

describe("GET /api/users/me/operator", () => {
  it("says yes to an operator and no to a member, and follows a revoke at once", async () => {
    const member = await signedInMember("hint-member");
    expect((await ask(member.token)).body).toEqual({ data: { operator: false } });

    const operator = await signedInOperator("hint-operator");
    expect((await ask(operator.token)).body).toEqual({ data: { operator: true } });
    // The profile still reads as a member's.
    expect(((await callRoute(memberProfile, "/api/users/me", { token: operator.token })).body!.data as { userType: string }).userType).toBe(
      "client",
    );

    await setOperatorRole(operator.email, false);
    expect((await ask(operator.token)).body).toEqual({ data: { operator: false } });
  });

  it("refuses a visitor without a session", async () => {
    expect((await ask()).status).toBe(401);
  });
});
