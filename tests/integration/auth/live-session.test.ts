import { describe, expect, it } from "vitest";
import { POST as startLinkRoute } from "@/app/api/telegram/start-link/route";
import { POST as createCheckoutSession } from "@/app/api/payment/create-checkout-session/route";
import { GET as getAffiliateLink } from "@/app/api/referral/get_affiliate_link/route";
import { GET as getStats } from "@/app/api/referral/stats/route";
import { adminClient, authClient } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { checkoutBody, createCohort, signedInMember, SITE } from "../../fixtures/payments";

// An access token is verified locally (ES256 against the JWKS) and stays
// valid for its hour; money, identity and linking routes also ask whether its session still exists.

const sql = suiteSql();

let ip = 0;
const headers = (token: string) => ({
  authorization: `Bearer ${token}`,
  "content-type": "application/json",
  "x-real-ip": `198.18.7.${++ip % 250}`,
});

async function startLink(token: string) {
  const response = await startLinkRoute(new Request(`${SITE}/api/telegram/start-link`, { method: "POST", headers: headers(token) }));
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

async function checkout(token: string, cohortId: string) {
  const response = await createCheckoutSession(
    new Request(`${SITE}/api/payment/create-checkout-session`, {
      method: "POST",
      headers: headers(token),
      body: JSON.stringify(checkoutBody(cohortId)),
    }),
  );
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

async function affiliateLink(token: string) {
  return (await getAffiliateLink(new Request(`${SITE}/api/referral/get_affiliate_link`, { headers: headers(token) }))).status;
}

async function stats(token: string) {
  return (await getStats(new Request(`${SITE}/api/referral/stats`, { headers: headers(token) }))).status;
}

/** A second session of the member's own, signed in with the password, and its access token. */
async function signIn(email: string): Promise<string> {
  const { data, error } = await authClient().auth.signInWithPassword({ email, password: "a-long-enough-password" });
  if (error) throw error;
  return data.session!.access_token;
}

describe("a token whose session ended", () => {
  it("a live session's token opens checkout and a start link", async () => {
    const member = await signedInMember("live");
    expect((await startLink(member.token)).status).toBe(200);
    expect((await checkout(member.token, await createCohort(sql))).status).toBe(200);
  });

  it("after sign-out the old token opens no checkout, no start link and no affiliate link (401); cheap reads still answer", async () => {
    const member = await signedInMember("signed-out");
    const cohortId = await createCohort(sql);
    expect((await startLink(member.token)).status).toBe(200);
    // Signing out ends the session (as the dashboard's sign-out does through the Auth service).
    const { error } = await adminClient().auth.admin.signOut(member.token, "local");
    expect(error).toBeNull();

    const link = await startLink(member.token);
    expect(link.status).toBe(401);
    expect(link.body.code).toBe("invalid_token");
    expect((await checkout(member.token, cohortId)).status).toBe(401);
    expect(await affiliateLink(member.token)).toBe(401);
    // Reads of the member's own numbers stay on the local verification until the token expires.
    expect(await stats(member.token)).toBe(200);
    // The member's other session is untouched.
    const other = await signIn(member.email);
    expect((await startLink(other)).status).toBe(200);
    expect((await checkout(other, cohortId)).status).toBe(200);
  });

  it("after the account is deleted its token gets 401 from start-link and checkout, never 500", async () => {
    const member = await signedInMember("deleted");
    const cohortId = await createCohort(sql);
    const { error } = await adminClient().auth.admin.deleteUser(member.userId);
    expect(error).toBeNull();

    const link = await startLink(member.token);
    expect(link.status).toBe(401);
    expect(link.body.code).toBe("invalid_token");
    expect((await checkout(member.token, cohortId)).status).toBe(401);
    expect(await sql`select 1 from public.telegram_start_tokens where user_id = ${member.userId}`).toHaveLength(0);
  });

  it("a soft-deleted account's session does not count either", async () => {
    const member = await signedInMember("soft-deleted");
    await sql`update auth.users set deleted_at = now() where id = ${member.userId}`;
    expect((await startLink(member.token)).status).toBe(401);
  });
});
