import { describe, expect, it } from "vitest";
import { GET as subscriptionRoute } from "@/app/api/payment/subscription/route";
import { GET as statsRoute } from "@/app/api/referral/stats/route";
import { GET as meRoute } from "@/app/api/users/me/route";
import { GET as storyPostRoute } from "@/app/api/users/me/story-post/route";
import { adminClient, authClient, uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { SITE } from "../../fixtures/payments";

// An access token is verified locally and stays valid for its hour. After the member signs out
// everywhere, the routes that carry billing details, who the member is, or a credential (a post's
// edit link) ask whether the token's session still exists, and refuse the old token.

suiteSql();

type Handler = (request: Request) => Promise<Response>;

const PASSWORD = "a-long-enough-password";

async function call(handler: Handler, path: string, token: string): Promise<{ status: number; body: { code?: string; error?: string } }> {
  const response = await handler(new Request(`${SITE}${path}`, { headers: { authorization: `Bearer ${token}` } }));
  return { status: response.status, body: (await response.json()) as { code?: string; error?: string } };
}

/** A member signed in with their password through supabase-js, and that client (to sign out with). */
async function signedIn(label: string) {
  const email = uniqueEmail(label);
  const { error } = await adminClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  const client = authClient();
  const { data, error: signInError } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signInError || !data.session) throw signInError ?? new Error("no session");
  return { client, email, token: data.session.access_token };
}

const refused = { status: 401, body: { code: "invalid_token", error: "Your session is invalid or has expired. Please sign in again." } };

describe("a token after a global sign-out", () => {
  it("reads the subscription, the account and the story post's link while its session lives", async () => {
    const member = await signedIn("before-sign-out");
    expect((await call(subscriptionRoute, "/api/payment/subscription", member.token)).status).toBe(200);
    expect((await call(meRoute, "/api/users/me", member.token)).status).toBe(200);
    expect((await call(storyPostRoute, "/api/users/me/story-post", member.token)).status).toBe(200);
  });

  it("gets 401 from the subscription, the account and the story post's link once signed out everywhere", async () => {
    const member = await signedIn("global-sign-out");
    // A second device's session of the same member ends with it.
    const other = await authClient().auth.signInWithPassword({ email: member.email, password: PASSWORD });
    const otherToken = other.data.session!.access_token;

    expect((await member.client.auth.signOut({ scope: "global" })).error).toBeNull();

    for (const token of [member.token, otherToken]) {
      expect(await call(subscriptionRoute, "/api/payment/subscription", token)).toEqual(refused);
      expect(await call(meRoute, "/api/users/me", token)).toEqual(refused);
      expect(await call(storyPostRoute, "/api/users/me/story-post", token)).toEqual(refused);
    }
    // The member's own referral figures stay on the local check until the token expires (docs/security.md).
    expect((await call(statsRoute, "/api/referral/stats", member.token)).status).toBe(200);
    // Signing in again gives a token that works.
    const again = await authClient().auth.signInWithPassword({ email: member.email, password: PASSWORD });
    expect((await call(subscriptionRoute, "/api/payment/subscription", again.data.session!.access_token)).status).toBe(200);
  });
});
