import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthStandIn } from "../../../local/auth/auth-server";
import { authClient, authFetch, confirmedUser, startExtraAuth } from "../../fixtures/auth-client";
import { exchangeRaw, googleCode, pkcePair } from "../../fixtures/auth-google";

let offsetMs = 0;
let clocked: AuthStandIn;
beforeAll(async () => {
  clocked = await startExtraAuth({ now: () => Date.now() + offsetMs });
});
afterAll(async () => {
  await clocked.stop();
});

async function signedIn(url?: string) {
  const { email, password } = await confirmedUser();
  const client = authClient({ url });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error("no session");
  return { client, session: data.session };
}

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

describe("access tokens", () => {
  it("carry Supabase's claims and verify locally through the JWKS with getClaims()", async () => {
    const { client, session } = await signedIn();
    const { data, error } = await client.auth.getClaims(session.access_token);
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: "ES256", typ: "JWT" });
    const claims = data!.claims;
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: "authenticated",
      role: "authenticated",
      email: session.user.email,
      phone: "",
      aal: "aal1",
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: {},
    });
    expect(claims.iss).toMatch(/\/auth\/v1$/);
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    expect(typeof claims.session_id).toBe("string");
    const jwks = (await (await authFetch("/.well-known/jwks.json")).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", kid: data!.header.kid });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("rejects a token signed with another key, whether or not it claims our kid", async () => {
    const { client, session } = await signedIn();
    const [header, payload] = session.access_token.split(".") as [string, string];
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const forge = (h: string) =>
      `${h}.${payload}.${sign("sha256", Buffer.from(`${h}.${payload}`), { key: privateKey, dsaEncoding: "ieee-p1363" }).toString("base64url")}`;
    const sameKid = await client.auth.getClaims(forge(header));
    expect(sameKid.data).toBeNull();
    expect(sameKid.error?.message).toBe("Invalid JWT signature");
    const otherHeader = Buffer.from(JSON.stringify({ alg: "ES256", kid: "someone-else", typ: "JWT" })).toString("base64url");
    const otherKid = await client.auth.getClaims(forge(otherHeader));
    expect(otherKid.data).toBeNull();
    expect(otherKid.error?.status).toBe(403);
  });

  it("getUser answers 403 bad_jwt for a tampered token and 401 without one", async () => {
    const { client, session } = await signedIn();
    const [header, , signature] = session.access_token.split(".");
    const claims = { ...decode(session.access_token), role: "service_role" };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    const { data, error } = await client.auth.getUser(tampered);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe("bad_jwt");
    const good = await client.auth.getUser(session.access_token);
    expect(good.data.user?.id).toBe(session.user.id);
    const none = await authFetch("/user");
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error_code: "no_authorization" });
  });
});

describe("refresh token rotation", () => {
  it("makes each refresh token single use and hands the same successor back within the reuse interval", async () => {
    const { client, session } = await signedIn();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const next = first.data.session!;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.access_token).not.toBe(session.access_token);
    const retry = await authClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(next.refresh_token);
    const third = await authClient().auth.refreshSession({ refresh_token: next.refresh_token });
    expect(third.error).toBeNull();
    expect(decode(third.data.session!.access_token).session_id).toBe(decode(session.access_token).session_id);
  });

  it("ends the whole session when a used token comes back after the interval", async () => {
    offsetMs = 0;
    const { session } = await signedIn(clocked.url);
    const rotated = await authClient({ url: clocked.url }).auth.refreshSession({ refresh_token: session.refresh_token });
    const successor = rotated.data.session!.refresh_token;
    offsetMs = 11_000;
    const reused = await authClient({ url: clocked.url }).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error?.code).toBe("refresh_token_already_used");
    expect(reused.error?.message).toBe("Invalid Refresh Token: Already Used");
    const afterwards = await authClient({ url: clocked.url }).auth.refreshSession({ refresh_token: successor });
    expect(afterwards.error?.code).toBe("refresh_token_not_found");
    offsetMs = 0;
  });

  it("rejects an unknown refresh token", async () => {
    const { error } = await authClient().auth.refreshSession({ refresh_token: "x".repeat(43) });
    expect(error?.code).toBe("refresh_token_not_found");
  });
});

describe("logout", () => {
  it("ends the session: refresh fails and getUser reports the session missing", async () => {
    const { client, session } = await signedIn();
    expect((await client.auth.signOut()).error).toBeNull();
    const refreshed = await authClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe("refresh_token_not_found");
    const user = await authClient().auth.getUser(session.access_token);
    expect(user.error?.message).toBe("Auth session missing!");
  });

  it("scope=others keeps the current session and scope=local only the current one goes", async () => {
    const { email, password } = await confirmedUser();
    const sign = async () => (await authClient().auth.signInWithPassword({ email, password })).data.session!;
    const [a, b, c] = [await sign(), await sign(), await sign()];
    const bearer = (s: { access_token: string }) => ({ authorization: `Bearer ${s.access_token}` });
    expect((await authFetch("/logout?scope=others", { method: "POST", headers: bearer(a) })).status).toBe(204);
    expect((await authClient().auth.getUser(b.access_token)).error?.message).toBe("Auth session missing!");
    expect((await authClient().auth.getUser(c.access_token)).error?.message).toBe("Auth session missing!");
    expect((await authClient().auth.getUser(a.access_token)).data.user?.email).toBe(email);
    const d = await sign();
    expect((await authFetch("/logout?scope=local", { method: "POST", headers: bearer(a) })).status).toBe(204);
    expect((await authClient().auth.getUser(a.access_token)).error?.message).toBe("Auth session missing!");
    expect((await authClient().auth.getUser(d.access_token)).data.user?.email).toBe(email);
  });
});

describe("PKCE code exchange", () => {
  it("accepts S256 and plain verifiers, once, and rejects a wrong verifier", async () => {
    for (const method of ["s256", "plain"] as const) {
      const pair = pkcePair(method);
      const code = await googleCode(`pkce.${method}@example.com`, pair);
      const wrong = await exchangeRaw(code, "w".repeat(50));
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error_code: "bad_code_verifier" });
      const ok = await exchangeRaw(code, pair.verifier);
      expect(ok.status).toBe(200);
      const again = await exchangeRaw(code, pair.verifier);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({
        code: 404,
        error_code: "flow_state_not_found",
        msg: "invalid flow state, no valid flow state found",
      });
    }
  });

  it("expires a code after 5 minutes", async () => {
    offsetMs = 0;
    const pair = pkcePair();
    const code = await googleCode("pkce.late@example.com", pair, clocked.url);
    offsetMs = 301_000;
    const late = await exchangeRaw(code, pair.verifier, clocked.url);
    expect(late.status).toBe(422);
    expect(await late.json()).toMatchObject({ error_code: "flow_state_expired", msg: "invalid flow state, flow state has expired" });
    offsetMs = 0;
  });
});
