import { describe, expect, it } from "vitest";
import { issueAccountSetupLink } from "@/server/accounts/account-setup-link";
import { adminClient, authClient, followOnce, uniqueEmail, verifyLinkFor } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor } from "../../fixtures/inbox";
import { queueEmailAlone } from "../../fixtures/jobs";
import { createCohort, eventually, insertPaidOrder } from "../../fixtures/payments";
import { callVerifyEmail } from "../../fixtures/verify-email-route";

const sql = suiteSql();

/** A buyer who paid without an account (D2): their order, seat and set-up link. */
async function anonymousPurchase() {
  const email = uniqueEmail("setup");
  const cohortId = await createCohort(sql);
  const orderId = await insertPaidOrder(sql, { userId: null, email, cohortId, seated: true });
  const link = new URL(await issueAccountSetupLink(orderId, email));
  return { email, cohortId, orderId, token: link.searchParams.get("token")!, link };
}

const INVALID = "The verification link is invalid or has expired.";

describe("POST /api/auth/verify-email", () => {
  it("validates a fresh set-up link and says whether the address has an account", async () => {
    const { email, token, link } = await anonymousPurchase();
    expect(link.pathname).toBe("/verify");
    expect(link.searchParams.get("email")).toBe(email);
    expect(await callVerifyEmail({ action: "validate", token, email })).toEqual({
      status: 200,
      body: { data: { valid: true, email, hasAccount: false } },
    });
  });

  it("refuses a link for another address, a made-up token and a malformed one, with the error in `message`", async () => {
    const { token } = await anonymousPurchase();
    const other = await callVerifyEmail({ action: "validate", token, email: uniqueEmail("someone-else") });
    expect(other).toEqual({ status: 400, body: { error: INVALID, message: INVALID, code: "invalid_link" } });
    expect((await callVerifyEmail({ action: "validate", token: "x".repeat(43), email: uniqueEmail("x") })).status).toBe(400);
    const malformed = await callVerifyEmail({ action: "validate", token: "<script>", email: "a@example.com" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.message).toBe("The request body is not valid.");
  });

  it("completes with the password chosen on the page: a confirmed account that owns order, seat and subscription, once", async () => {
    const { email, token, orderId } = await anonymousPurchase();
    await sql`insert into public.subscriptions (stripe_subscription_id, order_id, email, stripe_customer_id, plan_name, status)
      values (${`sub_test_${orderId.slice(0, 8)}`}, ${orderId}, ${email}, 'cus_test', 'Starter', 'active')`;
    const password = "a-long-enough-password";

    expect(await callVerifyEmail({ action: "complete", token, email, password })).toEqual({
      status: 200,
      body: { data: { verified: true, email } },
    });
    const signIn = await authClient().auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const authId = signIn.data.user!.id;
    expect(signIn.data.user!.email_confirmed_at).toBeTruthy();
    const [order] = await sql`select user_id from public.orders where id = ${orderId}`;
    const [seat] = await sql`select user_id, status from public.cohort_seats where order_id = ${orderId}`;
    const [subscription] = await sql`select user_id from public.subscriptions where order_id = ${orderId}`;
    expect([order!.user_id, seat!.user_id, subscription!.user_id]).toEqual([authId, authId, authId]);
    expect(seat!.status).toBe("enrolled");

    const again = await callVerifyEmail({ action: "complete", token, email, password });
    expect(again.status).toBe(400);
    expect((await callVerifyEmail({ action: "complete", token, email, authId })).status).toBe(400);
    expect((await callVerifyEmail({ action: "validate", token, email })).status).toBe(400);
  });

  it("refuses to complete for an account with another address, and leaves the link usable", async () => {
    const { email, token, orderId } = await anonymousPurchase();
    const stranger = uniqueEmail("stranger");
    const { data } = await adminClient().auth.admin.createUser({
      email: stranger,
      password: "a-long-enough-password",
      email_confirm: true,
    });
    const refused = await callVerifyEmail({ action: "complete", token, email, authId: data.user!.id });
    expect(refused).toEqual({
      status: 403,
      body: {
        error: "This account does not match the verification link.",
        message: "This account does not match the verification link.",
        code: "forbidden",
      },
    });
    const [order] = await sql`select user_id from public.orders where id = ${orderId}`;
    expect(order!.user_id).toBeNull();
    expect((await callVerifyEmail({ action: "validate", token, email })).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    const { email, token, orderId } = await anonymousPurchase();
    await sql`update public.account_setup_tokens set created_at = now() - interval '4 days', expires_at = now() - interval '1 minute' where order_id = ${orderId}`;
    expect((await callVerifyEmail({ action: "validate", token, email })).status).toBe(400);
  });

  it("one link per order: a resend carries the same link, both emails' links work, and it works once", async () => {
    const { email, token, orderId } = await anonymousPurchase();
    expect(new URL(await issueAccountSetupLink(orderId, email)).searchParams.get("token")).toBe(token);

    // The set-up email sent twice through the outbox (a resend): two messages, one link.
    for (let i = 0; i < 2; i++) {
      await queueEmailAlone({ kind: "account-setup", to: email, data: { orderId }, orderId });
    }
    const mail = await eventually(async () => {
      const messages = (await inboxFor(email)).filter((m) => m.subject === "Set up your Glucose Challenge account");
      expect(messages).toHaveLength(2);
      return messages;
    });
    const tokens = mail.map((m) => new URL(m.links.find((l) => l.includes("/verify?"))!).searchParams.get("token"));
    expect(tokens).toEqual([token, token]);
    expect(await sql`select 1 from public.account_setup_tokens where order_id = ${orderId}`).toHaveLength(1);

    expect((await callVerifyEmail({ action: "validate", token: tokens[0]!, email })).status).toBe(200);
    expect((await callVerifyEmail({ action: "validate", token: tokens[1]!, email })).status).toBe(200);
    expect((await callVerifyEmail({ action: "complete", token: tokens[1]!, email, password: "a-long-enough-password" })).status).toBe(200);
    expect((await callVerifyEmail({ action: "validate", token: tokens[0]!, email })).status).toBe(400);
    expect((await callVerifyEmail({ action: "complete", token: tokens[0]!, email, password: "another-long-password" })).status).toBe(400);
  });

  it("a buyer who signs up the ordinary way (not through the link) gets the purchase once the address is confirmed", async () => {
    const { email, orderId } = await anonymousPurchase();
    const signUp = await authClient().auth.signUp({ email, password: "a-long-enough-password" });
    const authId = signUp.data.user!.id;
    const [before] = await sql`select user_id from public.orders where id = ${orderId}`;
    expect(before!.user_id).toBeNull();

    await followOnce(await verifyLinkFor(email, "Confirm your signup"));
    const [order] = await sql`select user_id from public.orders where id = ${orderId}`;
    const [seat] = await sql`select user_id from public.cohort_seats where order_id = ${orderId}`;
    expect([order!.user_id, seat!.user_id]).toEqual([authId, authId]);
  });

  it("an unconfirmed sign-up with the buyer's address gets nothing", async () => {
    const { email, orderId } = await anonymousPurchase();
    await authClient().auth.signUp({ email, password: "a-long-enough-password" });
    const [order] = await sql`select user_id from public.orders where id = ${orderId}`;
    expect(order!.user_id).toBeNull();
  });
});
