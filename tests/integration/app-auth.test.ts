import { createPrivateKey, generateKeyPairSync, sign } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/users/me/route";
import { verifyAccessToken } from "@/server/auth/verify-access-token";
import { closeDb } from "@/server/db/client";
import { ApiError } from "@/server/http/api-error";
import { adminClient, authClient, uniqueEmail } from "../fixtures/auth-client";

afterAll(async () => {
  await closeDb();
});

async function signedInMember() {
  const email = uniqueEmail("member");
  const password = "a-long-enough-password";
  const { error } = await adminClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  const { data, error: signInError } = await authClient().auth.signInWithPassword({ email, password });
  if (signInError || !data.session) throw signInError ?? new Error("no session");
  return { email, token: data.session.access_token, userId: data.user.id };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function reSign(token: string, changes: Record<string, unknown>, key = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey) {
  const [header, payload] = token.split(".");
  const claims = { ...JSON.parse(Buffer.from(payload!, "base64url").toString()), ...changes };
  const headerJson = JSON.parse(Buffer.from(header!, "base64url").toString());
  const signingInput = `${b64(headerJson)}.${b64(claims)}`;
  const signature = sign("sha256", Buffer.from(signingInput), {
    key: createPrivateKey(key.export({ format: "pem", type: "pkcs8" })),
    dsaEncoding: "ieee-p1363",
  });
  return `${signingInput}.${signature.toString("base64url")}`;
}

async function rejected(token: string) {
  const error = await verifyAccessToken(token).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
}

describe("the app's token check (getClaims against the Auth service's JWKS)", () => {
  it("accepts the Auth service's access token", async () => {
    const { token, email, userId } = await signedInMember();
    await expect(verifyAccessToken(token)).resolves.toEqual({ id: userId, email, role: "authenticated", sessionId: expect.any(String) });
  });

  it("rejects a tampered token (claims changed, signature kept)", async () => {
    const { token } = await signedInMember();
    const [header, , signature] = token.split(".");
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    await rejected(`${header}.${b64({ ...payload, sub: "00000000-0000-4000-8000-000000000000" })}.${signature}`);
  });

  it("rejects tokens signed with another key (current or expired) and garbage", async () => {
    const { token } = await signedInMember();
    await rejected(reSign(token, {}));
    await rejected(reSign(token, { exp: Math.floor(Date.now() / 1000) - 60 }));
    await rejected("not.a.jwt");
    await rejected("");
  });
});

describe("GET /api/users/me", () => {
  it("answers a missing token with 401 'No authentication token available'", async () => {
    const response = await me(new Request("http://localhost:3000/api/users/me"));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "No authentication token available", code: "unauthorized" });
  });

  it("returns the member's row for a Bearer token, user_type defaulting to client", async () => {
    const { token, email } = await signedInMember();
    const response = await me(new Request("http://localhost:3000/api/users/me", { headers: { authorization: `Bearer ${token}` } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        email,
        userType: "client",
        botSetupCompleted: false,
        botSetupStep: { currentStep: 0, completedSteps: [], telegramLinked: false },
        timeZone: null,
      },
    });
  });

  it("answers a tampered token with 401", async () => {
    const { token } = await signedInMember();
    const response = await me(
      new Request("http://localhost:3000/api/users/me", { headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` } }),
    );
    expect(response.status).toBe(401);
  });
});
