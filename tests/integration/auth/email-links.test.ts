import { createHash } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  adminClient,
  authClient,
  authFetch,
  confirmLinkFor,
  confirmedUser,
  followOnce,
  siteUrl,
  uniqueEmail,
  verifyLinkFor,
} from "../../fixtures/auth-client";
import { testSql } from "../../fixtures/db";
import { inboxFor } from "../../fixtures/inbox";

const sql = testSql();
afterAll(async () => {
  await sql.end();
});

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

describe("magic links (signInWithOtp)", () => {
  it("mails a sign-in link to a confirmed user; its code signs them in", async () => {
    const { email, id } = await confirmedUser();
    const client = authClient();
    const sent = await client.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: `${siteUrl()}/auth/callback` },
    });
    expect(sent.error).toBeNull();
    const landing = await followOnce(await verifyLinkFor(email, "Your sign-in link"));
    const { data, error } = await client.auth.exchangeCodeForSession(landing.searchParams.get("code")!);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(decode(data.session!.access_token).amr).toEqual([{ method: "magiclink", timestamp: expect.any(Number) }]);
  });

  it("with shouldCreateUser false, creates nothing and sends nothing for an unknown address (Supabase's otp_disabled)", async () => {
    const email = uniqueEmail("ghost");
    const { error } = await authClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("otp_disabled");
    expect(error?.message).toBe("Signups not allowed for otp");
    expect(await sql`select 1 from auth.users where email = ${email}`).toHaveLength(0);
    expect(await inboxFor(email)).toHaveLength(0);
  });

  it("for a new address (shouldCreateUser default), signs up and mails the confirmation, as Supabase does", async () => {
    const email = uniqueEmail("otp-new");
    expect((await authClient().auth.signInWithOtp({ email })).error).toBeNull();
    await verifyLinkFor(email, "Confirm your signup");
    const [row] = await sql<{ email_confirmed_at: Date | null }[]>`select email_confirmed_at from auth.users where email = ${email}`;
    expect(row?.email_confirmed_at).toBeNull();
  });
});

describe("password recovery", () => {
  it("always answers 200, mails only existing users, and the recovery code lets the user set a new password", async () => {
    const unknown = uniqueEmail("nobody");
    expect((await authClient().auth.resetPasswordForEmail(unknown)).error).toBeNull();
    expect(await inboxFor(unknown)).toHaveLength(0);

    const { email, password } = await confirmedUser();
    const client = authClient();
    const sent = await client.auth.resetPasswordForEmail(email, { redirectTo: `${siteUrl()}/auth/reset-password` });
    expect(sent.error).toBeNull();
    const landing = await followOnce(await verifyLinkFor(email, "Reset your password"));
    expect(landing.pathname).toBe("/auth/reset-password");
    const exchanged = await client.auth.exchangeCodeForSession(landing.searchParams.get("code")!);
    expect(exchanged.error).toBeNull();
    expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe("recovery");

    const same = await client.auth.updateUser({ password });
    expect(same.error?.code).toBe("same_password");
    const weak = await client.auth.updateUser({ password: "short" });
    expect(weak.error?.code).toBe("weak_password");
    const updated = await client.auth.updateUser({ password: "a-brand-new-password", data: { nickname: "Rey" } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ nickname: "Rey" });

    expect((await authClient().auth.signInWithPassword({ email, password })).error?.code).toBe("invalid_credentials");
    expect((await authClient().auth.signInWithPassword({ email, password: "a-brand-new-password" })).error).toBeNull();
    const [row] = await sql<{ encrypted_password: string }[]>`select encrypted_password from auth.users where email = ${email}`;
    expect(row?.encrypted_password).toMatch(/^scrypt\$/);
    expect(row?.encrypted_password).not.toContain("a-brand-new-password");
  });
});

describe("verify", () => {
  it("POST /verify exchanges a token_hash (from generate_link) for a session, once", async () => {
    const { email } = await confirmedUser();
    const link = await adminClient().auth.admin.generateLink({ type: "magiclink", email });
    expect(link.error).toBeNull();
    const tokenHash = link.data.properties!.hashed_token;
    const first = await authClient().auth.verifyOtp({ token_hash: tokenHash, type: "magiclink" });
    expect(first.error).toBeNull();
    expect(first.data.session?.user.email).toBe(email);
    const second = await authClient().auth.verifyOtp({ token_hash: tokenHash, type: "magiclink" });
    expect(second.error?.code).toBe("otp_expired");
    expect(second.error?.status).toBe(403);
    const [stored] = await sql<{ n: number }[]>`select count(*)::int as n from auth.one_time_tokens where token_hash = ${tokenHash}`;
    expect(stored?.n).toBe(0);
  });

  it("GET /verify without PKCE puts the session in the fragment", async () => {
    const { email } = await confirmedUser();
    const link = await adminClient().auth.admin.generateLink({ type: "magiclink", email, options: { redirectTo: `${siteUrl()}/welcome` } });
    const landing = await followOnce(link.data.properties!.action_link);
    expect(landing.pathname).toBe("/welcome");
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("type")).toBe("magiclink");
    expect(fragment.get("expires_in")).toBe("3600");
    const user = await authClient().auth.getUser(fragment.get("access_token")!);
    expect(user.data.user?.email).toBe(email);
  });

  it("redirects an unknown or expired link with otp_expired", async () => {
    const landing = await followOnce(
      `${inject("authUrl")}/auth/v1/verify?token=pkce_nonsense&type=signup&redirect_to=${encodeURIComponent(siteUrl())}`,
    );
    expect(landing.searchParams.get("error")).toBe("access_denied");
    expect(landing.searchParams.get("error_code")).toBe("otp_expired");
    const implicit = await followOnce(`${inject("authUrl")}/auth/v1/verify?token=nonsense&type=magiclink`);
    expect(new URLSearchParams(implicit.hash.slice(1)).get("error_code")).toBe("otp_expired");
  });

  it("keeps the token hash as Supabase does (SHA-224 of the address and the emailed code), which the code also verifies with", async () => {
    const email = uniqueEmail("digest");
    await authClient().auth.signUp({ email, password: "a-long-enough-password" });
    const tokenHash = new URL(await confirmLinkFor(email, "Confirm your signup")).searchParams.get("token_hash")!;
    const rows = await sql<{ token_hash: string; confirmation_token: string }[]>`select t.token_hash, u.confirmation_token
      from auth.one_time_tokens t join auth.users u on u.id = t.user_id where u.email = ${email}`;
    expect(rows).toEqual([{ token_hash: tokenHash, confirmation_token: tokenHash }]);

    const generated = await adminClient().auth.admin.generateLink({ type: "magiclink", email: (await confirmedUser()).email });
    const { email_otp: code, hashed_token: hashed } = generated.data.properties!;
    expect(code).toMatch(/^\d{6}$/);
    expect(hashed).toBe(createHash("sha224").update(`${generated.data.user!.email}${code}`).digest("hex"));
    const verified = await authClient().auth.verifyOtp({ email: generated.data.user!.email!, token: code, type: "magiclink" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(generated.data.user!.id);
  });

  it("POST /verify takes a token_hash with nothing else, as Supabase does", async () => {
    const { email } = await confirmedUser();
    const link = await adminClient().auth.admin.generateLink({ type: "magiclink", email });
    const response = await authFetch("/verify", {
      method: "POST",
      body: JSON.stringify({ type: "magiclink", token_hash: link.data.properties!.hashed_token, email }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_code: "validation_failed",
      msg: "Only the token_hash and type should be provided",
    });
  });
});
