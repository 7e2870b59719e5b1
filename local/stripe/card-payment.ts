import { completeCheckout } from "./checkout-completion";
import { currentDiscount } from "./checkout-discounts";
import { expireIfDue } from "./checkout-expiry";
import type { StripeContext } from "./stripe-context";
import { StripeError } from "./stripe-error";
import type { CheckoutSessionObject } from "./stripe-objects";
import { checkCard, emailProblem, type CardField } from "./test-cards";

export type PayInput = { number: string; exp: string; cvc: string; name: string; email: string; delayed: boolean };
export type PayResult =
  | { outcome: "succeeded"; redirectUrl: string }
  | { outcome: "declined" | "invalid"; code: string; declineCode?: string; message: string; field?: CardField };

/** Where the browser goes after paying: `success_url` with the session id filled in (or the page itself). */
export function successRedirect(ctx: StripeContext, session: CheckoutSessionObject): string {
  return session.success_url
    ? session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id)
    : `${ctx.config.publicUrl}/c/pay/${session.id}`;
}

export function notOpenMessage(session: CheckoutSessionObject): string {
  return session.status === "expired" ? "This Checkout Session has expired." : "This Checkout Session is already complete.";
}

/** The email the payment is for: a session's `customer_email` (or customer's) cannot be changed on the page. */
export function fixedEmail(ctx: StripeContext, session: CheckoutSessionObject): string | null {
  if (session.customer_email) return session.customer_email;
  return session.customer ? (ctx.store.customers.get(session.customer)?.email ?? null) : null;
}

/** One payment attempt, from the hosted form or the control API: the same checks, the same effects. */
export function payCheckout(ctx: StripeContext, session: CheckoutSessionObject, input: PayInput): PayResult {
  expireIfDue(ctx, session);
  if (session.status !== "open") return { outcome: "invalid", code: "checkout_session_not_open", message: notOpenMessage(session) };
  const email = (fixedEmail(ctx, session) ?? input.email).trim();
  const problem = emailProblem(email);
  if (problem) return { outcome: "invalid", code: problem.code, message: problem.message, field: problem.field };
  const check = checkCard(input, ctx.now());
  if (!check.ok) {
    const { kind, code, declineCode, message, field } = check;
    return { outcome: kind, code, ...(declineCode ? { declineCode } : {}), message, field };
  }
  try {
    const purchase = { customer: session.customer, subtotal: session.amount_subtotal, currency: session.currency };
    currentDiscount(ctx, session.discounts, purchase);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    return { outcome: "invalid", code: "promotion_code_invalid", message: error.message };
  }
  completeCheckout(ctx, session, { email, name: input.name.trim() || null, card: check.card }, input.delayed);
  return { outcome: "succeeded", redirectUrl: successRedirect(ctx, session) };
}
