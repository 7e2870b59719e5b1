import { randomUUID } from "node:crypto";
import type { TransactionSql } from "postgres";
import { describe, expect, it } from "vitest";
import { POST as freshSignInRoute } from "@/app/api/operator/fresh-sign-in/route";
import { POST as refundRoute } from "@/app/api/operator/orders/[id]/refunds/route";
import { setOperatorRole } from "@/server/operator/operator-role";
import { authClient } from "../../fixtures/auth-client";
import { actAsApiRole, suiteSql } from "../../fixtures/db";
import { signedInOperator } from "../../fixtures/operators";
import { MEMBER_PASSWORD, freshSignIn, operatorCall } from "../../fixtures/operator-orders";
import { signedInMember } from "../../fixtures/payments";
import { freshAddress } from "../../fixtures/referrals";

// D17: money actions need a fresh sign-in: the operator's password again within the last
// 10 minutes, in the same session, kept on the server. A money route on an order that does not
// exist answers 404 once past the check, and 403 fresh_sign_in_required before it.
const sql = suiteSql();

const moneyAction = (token: string) =>
  operatorCall(refundRoute, "/api/operator/orders/x/refunds", {
    token,
    params: { id: randomUUID() },
    body: { amountCents: 100, reason: "requested_by_customer", requestKey: randomUUID() },
  });

/** A new password sign-in of the account, as on /auth: its access token and Auth session id. */
async function passwordSession(email: string): Promise<{ token: string; id: string }> {
  const { data } = await authClient().auth.signInWithPassword({ email, password: MEMBER_PASSWORD });
  const token = data.session!.access_token;
  const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { session_id: string };
  return { token, id: claims.session_id };
}

/** Dates a session's password sign-in `ago` back, by the database's clock. */
const datePasswordSignIn = (sessionId: string, ago: string) =>
  sql`update auth.mfa_amr_claims set created_at = now() - ${ago}::interval, updated_at = now() - ${ago}::interval where session_id = ${sessionId}`;

const sessionsOf = async (userId: string) =>
  (await sql<{ count: number }[]>`select count(*)::int from auth.sessions where user_id = ${userId}`)[0]!.count;

describe("a money action", () => {
  it("is refused to a session without a fresh sign-in, with a code the area acts on", async () => {
    const operator = await signedInOperator("stale-op");
    const answer = await moneyAction(operator.token);
    expect(answer).toEqual({
      status: 403,
      body: { error: "Confirm it's you: enter your password again to make money changes.", code: "fresh_sign_in_required" },
    });
  });

  it("is let through for 10 minutes after the operator enters their password again, and refused after", async () => {
    const operator = await signedInOperator("fresh-op");
    const before = Date.now();
    const confirmed = await freshSignIn(operator.token);
    expect(confirmed.status).toBe(200);
    const until = Date.parse((confirmed.body.data as { confirmedUntil: string }).confirmedUntil);
    expect(until).toBeGreaterThanOrEqual(before + 10 * 60_000 - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 5_000);
    expect((await moneyAction(operator.token)).status).toBe(404);

    // Ten minutes later, as the database's clock tells.
    await sql`update public.operator_fresh_sign_ins set confirmed_at = now() - interval '10 minutes' where user_id = ${operator.userId}`;
    expect((await moneyAction(operator.token)).body.code).toBe("fresh_sign_in_required");
    expect((await freshSignIn(operator.token)).status).toBe(200);
    expect((await moneyAction(operator.token)).status).toBe(404);
  });

  it("counts a password sign-in of this very session made within the last 10 minutes", async () => {
    const operator = await signedInOperator("password-fresh-op");
    // The operator signs in with the password, as on /auth: that session needs no second entry.
    const session = await passwordSession(operator.email);
    expect((await moneyAction(session.token)).status).toBe(404);
    // The same sign-in, a little over 10 minutes ago.
    await datePasswordSignIn(session.id, "10 minutes 1 second");
    expect((await moneyAction(session.token)).body.code).toBe("fresh_sign_in_required");
  });

  it("does not count a password sign-in made before the role was revoked and granted back", async () => {
    const operator = await signedInOperator("regranted-password-op");
    const session = await passwordSession(operator.email);
    expect((await moneyAction(session.token)).status).toBe(404);
    expect(await setOperatorRole(operator.email, false)).toBe("revoked");
    expect(await setOperatorRole(operator.email, true)).toBe("granted");
    expect((await moneyAction(session.token)).body.code).toBe("fresh_sign_in_required");
  });

  it("does not count a password sign-in of another session, nor a session that began another way", async () => {
    const operator = await signedInOperator("other-way-op");
    const session = await passwordSession(operator.email);
    expect((await moneyAction(session.token)).status).toBe(404);
    // The session signed in before the grant is not made fresh by the later one.
    expect((await moneyAction(operator.token)).body.code).toBe("fresh_sign_in_required");
    // A session that began by email link just now carries no password claim.
    await sql`update auth.mfa_amr_claims set authentication_method = 'otp' where session_id = ${session.id}`;
    expect((await moneyAction(session.token)).body.code).toBe("fresh_sign_in_required");
  });

  it("counts the fresh sign-in of this session only, not the operator's other sessions", async () => {
    const operator = await signedInOperator("two-sessions-op");
    const other = await authClient().auth.signInWithPassword({ email: operator.email, password: MEMBER_PASSWORD });
    const otherToken = other.data.session!.access_token;
    expect((await freshSignIn(otherToken)).status).toBe(200);
    expect((await moneyAction(otherToken)).status).toBe(404);
    expect((await moneyAction(operator.token)).body.code).toBe("fresh_sign_in_required");
  });

  it("needs the password again after a revoke, even when the role is granted back within 10 minutes in the same session", async () => {
    const operator = await signedInOperator("revoked-fresh-op");
    expect((await freshSignIn(operator.token)).status).toBe(200);
    expect((await moneyAction(operator.token)).status).toBe(404);
    expect(await setOperatorRole(operator.email, false)).toBe("revoked");
    expect(await setOperatorRole(operator.email, true)).toBe("granted");
    expect((await moneyAction(operator.token)).body.code).toBe("fresh_sign_in_required");
    expect(await sql`select 1 from public.operator_fresh_sign_ins where user_id = ${operator.userId}`).toHaveLength(0);
  });

  it("is refused once the session is signed out, however fresh it was", async () => {
    const operator = await signedInOperator("signed-out-fresh-op");
    expect((await freshSignIn(operator.token)).status).toBe(200);
    await sql`delete from auth.sessions where user_id = ${operator.userId}`;
    expect(await moneyAction(operator.token)).toEqual({ status: 403, body: { error: "This is for operators only.", code: "forbidden" } });
  });
});

describe("POST /api/operator/fresh-sign-in", () => {
  it("refuses a wrong password and leaves the session stale", async () => {
    const operator = await signedInOperator("wrong-password-op");
    const wrong = await freshSignIn(operator.token, "not-the-password");
    expect(wrong).toEqual({ status: 400, body: { error: "Invalid login credentials", code: "invalid_credentials" } });
    expect((await moneyAction(operator.token)).body.code).toBe("fresh_sign_in_required");
    expect(await sql`select 1 from public.operator_fresh_sign_ins where user_id = ${operator.userId}`).toHaveLength(0);
  });

  it("ends the sign-in it makes to check the password: the operator keeps only the sessions they had", async () => {
    const operator = await signedInOperator("session-count-op");
    const sessions = await sessionsOf(operator.userId);
    expect((await freshSignIn(operator.token)).status).toBe(200);
    expect(await sessionsOf(operator.userId)).toBe(sessions);
  });

  it("counts every attempt against a limit per account and address: the sixth in 15 minutes is a 429, right password or not", async () => {
    const operator = await signedInOperator("limited-op");
    const ip = freshAddress();
    for (let attempt = 0; attempt < 5; attempt++) expect((await freshSignIn(operator.token, "wrong-guess", ip)).status).toBe(400);
    const limited = await freshSignIn(operator.token, MEMBER_PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect((await moneyAction(operator.token)).body.code).toBe("fresh_sign_in_required");
  });

  it("holds password guessing with a stolen token from many addresses: 20 attempts an hour per account", async () => {
    const operator = await signedInOperator("many-addresses-op");
    for (let attempt = 0; attempt < 20; attempt++) expect((await freshSignIn(operator.token, "wrong-guess")).status).toBe(400);
    expect((await freshSignIn(operator.token, MEMBER_PASSWORD)).status).toBe(429);
  });

  it("answers 403 to a visitor and a member, and 422 to a body without a password", async () => {
    const member = await signedInMember("fresh-member");
    expect((await freshSignIn(member.token)).body).toEqual({ error: "This is for operators only.", code: "forbidden" });
    expect((await operatorCall(freshSignInRoute, "/api/operator/fresh-sign-in", { body: { password: MEMBER_PASSWORD } })).status).toBe(403);
    const operator = await signedInOperator("empty-password-op");
    expect((await freshSignIn(operator.token, "")).status).toBe(422);
  });
});

describe("a fresh sign-in cannot be forged", () => {
  it("through the Data API: an operator's own token can neither write nor read fresh sign-ins or refunds", async () => {
    const operator = await signedInOperator("forging-op");
    const [session] = await sql<{ id: string }[]>`select id from auth.sessions where user_id = ${operator.userId} limit 1`;
    for (const statement of [
      (tx: TransactionSql) =>
        tx`insert into public.operator_fresh_sign_ins (session_id, user_id) values (${session!.id}, ${operator.userId})`,
      (tx: TransactionSql) => tx`select * from public.operator_fresh_sign_ins`,
      (tx: TransactionSql) => tx`select * from public.order_refunds`,
    ]) {
      await expect(
        sql.begin(async (tx) => {
          await actAsApiRole(tx, { role: "authenticated", sub: operator.userId });
          await statement(tx);
        }),
      ).rejects.toThrow(/permission denied for table (operator_fresh_sign_ins|order_refunds)/);
    }
    expect((await moneyAction(operator.token)).body.code).toBe("fresh_sign_in_required");
  });
});
