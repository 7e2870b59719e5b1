import { describe, expect, it } from "vitest";
import { issueAccountSetupLink } from "@/server/accounts/account-setup-link";
import { adminClient, authClient, uniqueEmail } from "../../fixtures/auth-client";
import { passwordSignsIn, refreshStillWorks, sessionBeforeConfirmation } from "../../fixtures/auth-sessions";
import { suiteSql } from "../../fixtures/db";
import { createCohort, insertPaidOrder } from "../../fixtures/payments";
import { callVerifyEmail } from "../../fixtures/verify-email-route";

// The set-up link, not an earlier sign-up, decides who owns the account.
const sql = suiteSql();

const ATTACKER_PASSWORD = "attacker-knows-this-one";
const BUYER_PASSWORD = "the-buyers-own-password";

/** A guest pays (D2): a paid order with a seat and a subscription that carries the buyer's notes, and the set-up link. */
async function guestPurchase() {
  const email = uniqueEmail("guest-buyer");
  const cohortId = await createCohort(sql);
  const orderId = await insertPaidOrder(sql, { userId: null, email, cohortId, seated: true });
  await sql`update public.orders set user_info = ${sql.json({ medicalConditions: "type 2 diabetes" })} where id = ${orderId}`;
  await sql`insert into public.subscriptions (stripe_subscription_id, order_id, email, stripe_customer_id, plan_name, status)
    values (${`sub_takeover_${orderId.slice(0, 8)}`}, ${orderId}, ${email}, 'cus_takeover', 'Starter', 'active')`;
  const token = new URL(await issueAccountSetupLink(orderId, email)).searchParams.get("token")!;
  return { email, orderId, token };
}

async function purchaseOwners(orderId: string) {
  const [order] = await sql<{ user_id: string | null }[]>`select user_id from public.orders where id = ${orderId}`;
  const [seat] = await sql<{ user_id: string | null }[]>`select user_id from public.cohort_seats where order_id = ${orderId}`;
  const [subscription] = await sql<{ user_id: string | null }[]>`select user_id from public.subscriptions where order_id = ${orderId}`;
  return [order!.user_id, seat!.user_id, subscription!.user_id];
}

describe("a pre-registered unconfirmed account cannot take over a guest purchase through the set-up link", () => {
  it("the buyer's set-up replaces the attacker's account: the attacker's password and sessions die, the purchase is the buyer's", async () => {
    const { email, orderId, token } = await guestPurchase();
    // The attacker registers the buyer's address with a password of their own, and holds a session on it.
    const attacker = await authClient().auth.signUp({ email, password: ATTACKER_PASSWORD });
    const attackerId = attacker.data.user!.id;
    const attackerRefreshToken = await sessionBeforeConfirmation(sql, attackerId);

    // The buyer opens the set-up link and chooses a password on the page.
    expect(await callVerifyEmail({ action: "validate", token, email })).toEqual({
      status: 200,
      body: { data: { valid: true, email, hasAccount: false } },
    });
    expect(await callVerifyEmail({ action: "complete", token, email, password: BUYER_PASSWORD })).toEqual({
      status: 200,
      body: { data: { verified: true, email } },
    });
    const buyer = await authClient().auth.signInWithPassword({ email, password: BUYER_PASSWORD });
    expect(buyer.error).toBeNull();
    const buyerId = buyer.data.user!.id;

    expect(buyerId).not.toBe(attackerId);
    expect(await passwordSignsIn(email, ATTACKER_PASSWORD)).toBe("invalid_credentials");
    expect(await refreshStillWorks(attackerRefreshToken)).toBe(false);
    expect((await adminClient().auth.admin.getUserById(attackerId)).error?.status).toBe(404);
    expect(await purchaseOwners(orderId)).toEqual([buyerId, buyerId, buyerId]);
    expect(await sql`select 1 from auth.sessions where user_id = ${attackerId}`).toHaveLength(0);
  });

  it("completing for the id an unconfirmed sign-up answered with is refused: nothing is confirmed or moved", async () => {
    const { email, orderId, token } = await guestPurchase();
    await authClient().auth.signUp({ email, password: ATTACKER_PASSWORD });
    // The old page signed up in the browser: Supabase answers with the existing (the attacker's) user.
    const buyerSignUp = await authClient().auth.signUp({ email, password: BUYER_PASSWORD });
    const answeredId = buyerSignUp.data.user!.id;

    const refused = await callVerifyEmail({ action: "complete", token, email, authId: answeredId });
    expect(refused.status).toBe(409);
    const [account] = await sql<{ email_confirmed_at: Date | null }[]>`select email_confirmed_at from auth.users where id = ${answeredId}`;
    expect(account!.email_confirmed_at).toBeNull();
    expect(await passwordSignsIn(email, ATTACKER_PASSWORD)).toBe("email_not_confirmed");
    expect(await purchaseOwners(orderId)).toEqual([null, null, null]);
    expect((await callVerifyEmail({ action: "validate", token, email })).status).toBe(200);
  });

  it("a confirmed account keeps its owner: creating is refused with 409 and the buyer signs in to it instead", async () => {
    const { email, orderId, token } = await guestPurchase();
    const { data } = await adminClient().auth.admin.createUser({ email, password: BUYER_PASSWORD, email_confirm: true });
    const ownerId = data.user!.id;
    expect((await callVerifyEmail({ action: "validate", token, email })).body.data.hasAccount).toBe(true);

    const refused = await callVerifyEmail({ action: "complete", token, email, password: "someone-elses-password" });
    expect(refused.status).toBe(409);
    expect(await passwordSignsIn(email, "someone-elses-password")).toBe("invalid_credentials");

    expect(await callVerifyEmail({ action: "complete", token, email, authId: ownerId })).toEqual({
      status: 200,
      body: { data: { verified: true, email } },
    });
    expect(await purchaseOwners(orderId)).toEqual([ownerId, ownerId, ownerId]);
  });

  it("the set-up token never reaches the account's user metadata", async () => {
    const { email, token } = await guestPurchase();
    expect((await callVerifyEmail({ action: "complete", token, email, password: BUYER_PASSWORD })).status).toBe(200);
    const [account] = await sql<
      { raw_user_meta_data: Record<string, unknown> }[]
    >`select raw_user_meta_data from auth.users where lower(email) = ${email}`;
    expect(JSON.stringify(account!.raw_user_meta_data)).not.toContain(token);
  });

  it("refuses a password the sign-up rules refuse, and a body with both a password and an account id", async () => {
    const { email, token } = await guestPurchase();
    expect((await callVerifyEmail({ action: "complete", token, email, password: "short" })).status).toBe(422);
    const both = await callVerifyEmail({
      action: "complete",
      token,
      email,
      password: BUYER_PASSWORD,
      authId: "3f0c7a4e-8d1b-4b4e-9a57-2f1c3c1d9e10",
    });
    expect(both.status).toBe(422);
    expect((await callVerifyEmail({ action: "validate", token, email })).status).toBe(200);
  });
});
