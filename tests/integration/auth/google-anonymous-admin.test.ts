import { describe, expect, inject, it } from "vitest";
import { adminClient, authClient, authFetch, confirmedUser, siteUrl, uniqueEmail } from "../../fixtures/auth-client";
import { answerConsent, openConsent } from "../../fixtures/auth-google";

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

async function startGoogle(redirectTo = `${siteUrl()}/auth/callback`) {
  const client = authClient();
  const { data, error } = await client.auth.signInWithOAuth({ provider: "google", options: { redirectTo, skipBrowserRedirect: true } });
  if (error) throw error;
  return { client, ...(await openConsent(data.url)) };
}

describe("Google sign-in through the local consent page", () => {
  it("serves a labelled, accessible page that says it is a local stand-in", async () => {
    const { html, consentUrl } = await startGoogle();
    expect(consentUrl.pathname).toBe("/auth/v1/local/google");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Local stand-in for Google.");
    expect(html).toMatch(
      /<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"[^>]*value="google\.user@example\.com"/,
    );
    expect(html).toContain('value="continue">Continue</button>');
    expect(html).toContain('value="cancel" formnovalidate>Cancel</button>');
  });

  it("Continue creates a confirmed Google user and the code exchanges for a session", async () => {
    const email = uniqueEmail("google");
    const { client, state } = await startGoogle();
    const landing = await answerConsent(state, { email, name: "Grace Hopper", decision: "continue" });
    expect(landing.origin + landing.pathname).toBe(`${siteUrl()}/auth/callback`);
    const { data, error } = await client.auth.exchangeCodeForSession(landing.searchParams.get("code")!);
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: "google", providers: ["google"] });
    expect(user.user_metadata).toMatchObject({ full_name: "Grace Hopper", email, email_verified: true });
    expect(user.identities?.map((i) => i.provider)).toEqual(["google"]);
    expect(decode(data.session!.access_token).amr).toEqual([{ method: "oauth", timestamp: expect.any(Number) }]);

    // Signing in again finds the same user.
    const second = await startGoogle();
    const again = await answerConsent(second.state, { email, name: "Grace Hopper", decision: "continue" });
    const { data: next } = await second.client.auth.exchangeCodeForSession(again.searchParams.get("code")!);
    expect(next.user?.id).toBe(user.id);
  });

  it("links Google to an existing email user", async () => {
    const { email, id, password } = await confirmedUser();
    const { client, state } = await startGoogle();
    const landing = await answerConsent(state, { email, decision: "continue" });
    const { data } = await client.auth.exchangeCodeForSession(landing.searchParams.get("code")!);
    expect(data.user?.id).toBe(id);
    expect(data.user?.app_metadata).toEqual({ provider: "email", providers: ["email", "google"] });
    expect((await authClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("Cancel redirects back with access_denied", async () => {
    const { state } = await startGoogle();
    const landing = await answerConsent(state, { decision: "cancel" });
    expect(landing.searchParams.get("error")).toBe("access_denied");
    expect(landing.searchParams.get("error_description")).toBeTruthy();
    expect(landing.searchParams.get("code")).toBeNull();
  });

  it("rejects a forged consent state and unknown providers", async () => {
    const forged = await fetch(`${inject("authUrl")}/auth/v1/callback`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "state=abc.def&email=a%40example.com&decision=continue",
      redirect: "manual",
    });
    expect(forged.status).toBe(400);
    const github = await authFetch("/authorize?provider=github");
    expect(github.status).toBe(400);
  });
});

describe("anonymous sign-in", () => {
  it("returns a session for a new anonymous user, as Supabase does", async () => {
    const client = authClient();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { via: "edit-post" } } });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.is_anonymous).toBe(true);
    expect(user.email).toBe("");
    expect(user.app_metadata).toEqual({});
    expect(user.identities).toEqual([]);
    expect(user.user_metadata).toEqual({ via: "edit-post" });
    const claims = decode(data.session!.access_token);
    expect(claims).toMatchObject({ role: "authenticated", is_anonymous: true, sub: user.id });
    expect(claims.amr).toEqual([{ method: "anonymous", timestamp: expect.any(Number) }]);
    expect((await client.auth.getUser(data.session!.access_token)).data.user?.id).toBe(user.id);
  });
});

describe("admin API (service key)", () => {
  it("creates confirmed users, reads and deletes them", async () => {
    const admin = adminClient().auth.admin;
    const email = uniqueEmail("admin");
    const created = await admin.createUser({ email, password: "a-long-enough-password", email_confirm: true, user_metadata: { a: 1 } });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    const duplicate = await admin.createUser({ email, password: "a-long-enough-password" });
    expect(duplicate.error?.code).toBe("email_exists");
    expect((await admin.getUserById(id)).data.user?.user_metadata).toEqual({ a: 1 });
    expect((await authClient().auth.signInWithPassword({ email, password: "a-long-enough-password" })).error).toBeNull();
    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe("user_not_found");
  });

  it("refuses the anon key", async () => {
    const { error } = await authClient().auth.admin.createUser({ email: uniqueEmail("nope"), email_confirm: true });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe("not_admin");
  });
});
