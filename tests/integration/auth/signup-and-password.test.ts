import { describe, expect, it } from "vitest";
import { AUTH_OPENAPI, hasAuthOpenapi, schemaProperties } from "../../fixtures/auth-openapi";
import {
  authClient,
  authFetch,
  confirmLinkFor,
  confirmedUser,
  followOnce,
  siteUrl,
  uniqueEmail,
  verifyLinkFor,
} from "../../fixtures/auth-client";
import { inboxFor } from "../../fixtures/inbox";

const PASSWORD = "a-long-enough-password";

// Field names as the Auth OpenAPI document (UserSchema, AccessTokenResponseSchema) defines them.
const USER_FIELDS = [
  "id",
  "aud",
  "role",
  "email",
  "email_confirmed_at",
  "phone",
  "phone_confirmed_at",
  "confirmation_sent_at",
  "confirmed_at",
  "recovery_sent_at",
  "new_email",
  "email_change_sent_at",
  "new_phone",
  "phone_change_sent_at",
  "reauthentication_sent_at",
  "last_sign_in_at",
  "app_metadata",
  "user_metadata",
  "factors",
  "identities",
  "banned_until",
  "created_at",
  "updated_at",
  "deleted_at",
  "is_anonymous",
];
const SESSION_FIELDS = ["access_token", "refresh_token", "token_type", "expires_in", "expires_at", "weak_password", "user"];
const IDENTITY_FIELDS = [
  "identity_id",
  "id",
  "user_id",
  "identity_data",
  "provider",
  "last_sign_in_at",
  "created_at",
  "updated_at",
  "email",
];

describe("the field lists match the Auth OpenAPI document", () => {
  it.skipIf(!hasAuthOpenapi)(`reads them from ${AUTH_OPENAPI}`, () => {
    expect(schemaProperties("UserSchema")).toEqual(USER_FIELDS);
    expect(schemaProperties("AccessTokenResponseSchema")).toEqual(SESSION_FIELDS);
    expect(schemaProperties("IdentitySchema")).toEqual(IDENTITY_FIELDS);
  });
});

describe("sign-up with email confirmation (PKCE)", () => {
  it("returns the user without a session, mails a link, and the link's code exchanges for a session", async () => {
    const email = uniqueEmail("signup");
    const client = authClient();
    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${siteUrl()}/auth/callback?next=/dashboard`, data: { first_name: "Ada" } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const user = signUp.data.user!;
    expect(user.email).toBe(email);
    expect(user.user_metadata).toMatchObject({ first_name: "Ada" });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.identities).toHaveLength(1);
    for (const key of Object.keys(user)) expect(USER_FIELDS).toContain(key);
    for (const key of Object.keys(user.identities![0]!)) expect(IDENTITY_FIELDS).toContain(key);

    // The project's template links to the site with the token hash; the same hash works at /verify.
    const emailed = await confirmLinkFor(email, "Confirm your signup");
    expect(emailed).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?token_hash=pkce_[0-9a-f]{56}&type=signup&next=/);
    expect((await inboxFor(email))[0]!.html).toContain(emailed.replaceAll("&", "&amp;"));
    const link = await verifyLinkFor(email, "Confirm your signup");

    const landing = await followOnce(link);
    expect(landing.origin + landing.pathname).toBe(`${siteUrl()}/auth/callback`);
    expect(landing.searchParams.get("next")).toBe("/dashboard");
    const code = landing.searchParams.get("code")!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    const session = exchanged.data.session!;
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.token_type).toBe("bearer");
    expect(session.expires_in).toBe(3600);
    for (const key of ["access_token", "refresh_token", "token_type", "expires_in", "expires_at", "user"])
      expect(session).toHaveProperty(key);

    // The link is single use: a second visit lands with Supabase's otp_expired error.
    const again = await followOnce(link);
    expect(again.searchParams.get("error")).toBe("access_denied");
    expect(again.searchParams.get("error_code")).toBe("otp_expired");
    expect(again.searchParams.get("error_description")).toBe("Email link is invalid or has expired");
  });

  it("does not reveal an existing confirmed address: a fake user with no identities, and no email", async () => {
    const { email } = await confirmedUser(PASSWORD, "taken");
    const { data, error } = await authClient().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(await inboxFor(email)).toHaveLength(0);
  });

  it("falls back to the site URL for a redirect_to on another origin", async () => {
    const email = uniqueEmail("redirect");
    await authClient().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: "https://evil.example/steal" } });
    const link = new URL(await verifyLinkFor(email, "Confirm your signup"));
    expect(link.searchParams.get("redirect_to")).toBe(siteUrl());
  });

  it("rejects weak and missing passwords and bad addresses with Supabase's errors", async () => {
    const weak = await authClient().auth.signUp({ email: uniqueEmail("weak"), password: "short" });
    expect(weak.error?.code).toBe("weak_password");
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).toBe("Password should be at least 8 characters.");
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(["length"]);

    const response = await authFetch("/signup", { method: "POST", body: JSON.stringify({ email: uniqueEmail("nopw") }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "Signup requires a valid password" });

    const bad = await authClient().auth.signUp({ email: "not-an-email", password: PASSWORD });
    expect(bad.error?.code).toBe("validation_failed");
    expect(bad.error?.message).toBe("Unable to validate email address: invalid format");
  });
});

describe("password sign-in", () => {
  it("signs a confirmed user in, with Supabase's session shape", async () => {
    const { email, password, id } = await confirmedUser();
    const { data, error } = await authClient().auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(Object.keys(data.session!).sort()).toEqual(["access_token", "expires_at", "expires_in", "refresh_token", "token_type", "user"]);
    expect(data.user?.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    expect(data.user?.last_sign_in_at).toBeTruthy();
  });

  it("answers invalid_credentials for a wrong password or an unknown address alike", async () => {
    const { email } = await confirmedUser();
    for (const attempt of [
      { email, password: "wrong-password" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
    ]) {
      const { data, error } = await authClient().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error?.code).toBe("invalid_credentials");
      expect(error?.status).toBe(400);
      expect(error?.message).toBe("Invalid login credentials");
    }
  });

  it("refuses an unconfirmed address with email_not_confirmed", async () => {
    const email = uniqueEmail("unconfirmed");
    await authClient().auth.signUp({ email, password: PASSWORD });
    const { error } = await authClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error?.code).toBe("email_not_confirmed");
    expect(error?.message).toBe("Email not confirmed");
  });

  it("the SDK itself refuses credentials without email or phone, with the message the spec quotes", async () => {
    const credentials = { password: PASSWORD } as unknown as Parameters<ReturnType<typeof authClient>["auth"]["signInWithPassword"]>[0];
    const { error } = await authClient().auth.signInWithPassword(credentials);
    expect(error?.message).toBe("You must provide either an email or phone number and a password");
  });
});

describe("malformed requests", () => {
  it("answers 400 in the error shape for bad JSON, wrong field types and missing fields, never 500", async () => {
    const cases: [string, string][] = [
      ["/token?grant_type=password", "{not json"],
      ["/token?grant_type=password", "[1,2]"],
      ["/signup", JSON.stringify({ email: 42, password: PASSWORD })],
      ["/token?grant_type=password", JSON.stringify({ password: PASSWORD })],
      ["/token?grant_type=pkce", JSON.stringify({})],
      ["/token?grant_type=nonsense", JSON.stringify({})],
      ["/verify", JSON.stringify({ type: "signup" })],
    ];
    for (const [path, body] of cases) {
      const response = await authFetch(path, { method: "POST", body });
      expect(response.status, path + body).toBe(400);
      const json = (await response.json()) as Record<string, unknown>;
      expect(json.code).toBe(400);
      expect(typeof json.error_code).toBe("string");
      expect(typeof json.msg).toBe("string");
    }
  });

  it("requires a known apikey, answering in the gateway's shape", async () => {
    const missing = await authFetch("/settings", { apikey: null });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: "No API key found in request" });
    const wrong = await authFetch("/settings", { apikey: "sb_publishable_wrong" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: "Invalid API key" });
    const ok = await authFetch("/settings");
    expect(await ok.json()).toMatchObject({ external: { email: true, google: true, anonymous_users: true }, mailer_autoconfirm: false });
    expect((await authFetch("/health", { apikey: null })).status).toBe(200);
  });
});
