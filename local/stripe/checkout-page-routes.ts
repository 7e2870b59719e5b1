import type { ServerResponse } from "node:http";
import { fixedEmail, notOpenMessage, payCheckout, successRedirect } from "./card-payment";
import { promotionCodeByCode, resolveDiscount } from "./checkout-discounts";
import { expireIfDue } from "./checkout-expiry";
import { backUrl, checkoutPage, emptyForm, type FormState } from "./checkout-page";
import { applyPricing } from "./checkout-session-object";
import { statusPage } from "./page-layout";
import type { RawRoute, StripeContext } from "./stripe-context";
import { StripeError } from "./stripe-error";
import { readBody, redirect, sendHtml } from "./stripe-http";
import type { CheckoutSessionObject } from "./stripe-objects";

const PAGE = /^\/c\/pay\/([^/]+)$/;

/** The page for a session that can no longer be paid: expired, or already paid (with the way onward). */
function closedPage(ctx: StripeContext, res: ServerResponse, session: CheckoutSessionObject, status: number): void {
  const back = backUrl(session);
  if (session.status === "expired") {
    return sendHtml(
      res,
      status,
      statusPage("This checkout session has expired", `${notOpenMessage(session)} Go back to start again.`, back),
    );
  }
  const onward = { href: successRedirect(ctx, session), text: "Continue" };
  sendHtml(res, status, statusPage("Payment complete", notOpenMessage(session), back, session.success_url ? onward : undefined));
}

function findOpen(ctx: StripeContext, res: ServerResponse, id: string, closedStatus: number): CheckoutSessionObject | null {
  const session = ctx.store.sessions.get(id);
  if (!session) {
    sendHtml(res, 404, statusPage("Checkout session not found", "This checkout link is not valid.", null));
    return null;
  }
  expireIfDue(ctx, session);
  if (session.status === "open") return session;
  closedPage(ctx, res, session, closedStatus);
  return null;
}

function render(ctx: StripeContext, res: ServerResponse, session: CheckoutSessionObject, status: number, state: FormState): void {
  const extras = ctx.store.checkoutExtras.get(session.id);
  if (!extras) return sendHtml(res, 500, statusPage("Checkout unavailable", "This session has no line items.", backUrl(session)));
  sendHtml(res, status, checkoutPage(ctx, session, extras, state));
}

/** "Apply" on the promotion code field: the code is looked up case-insensitively and the totals recomputed. */
function applyPromotionCode(ctx: StripeContext, res: ServerResponse, session: CheckoutSessionObject, state: FormState): void {
  const entered = state.values.promotion_code.trim();
  const code = entered ? promotionCodeByCode(ctx, entered) : undefined;
  const extras = ctx.store.checkoutExtras.get(session.id);
  if (!session.allow_promotion_codes) {
    return render(ctx, res, session, 400, {
      ...state,
      error: { message: "This checkout does not accept promotion codes.", field: "promotion_code" },
    });
  }
  if (!code || !extras) {
    return render(ctx, res, session, 400, { ...state, error: { message: "This code is invalid.", field: "promotion_code" } });
  }
  try {
    const purchase = { customer: session.customer, subtotal: session.amount_subtotal, currency: session.currency };
    const applied = resolveDiscount(ctx, { promotionCode: code.id }, "discounts[0]", purchase);
    applyPricing(ctx, session, extras, applied);
    ctx.store.changed();
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    return render(ctx, res, session, 400, { ...state, error: { message: error.message, field: "promotion_code" } });
  }
  render(ctx, res, session, 200, { ...state, values: { ...state.values, promotion_code: "" } });
}

export const checkoutPageRoutes: RawRoute[] = [
  {
    method: "GET",
    path: PAGE,
    authenticated: false,
    handle: async (ctx, _req, res, [id = ""]) => {
      const session = findOpen(ctx, res, id, 200);
      if (session) render(ctx, res, session, 200, emptyForm(fixedEmail(ctx, session)));
    },
  },
  {
    method: "POST",
    path: PAGE,
    authenticated: false,
    handle: async (ctx, req, res, [id = ""]) => {
      const form = new URLSearchParams(await readBody(req));
      const session = findOpen(ctx, res, id, 400);
      if (!session) return;
      const locked = fixedEmail(ctx, session);
      const field = (name: string) => form.get(name) ?? "";
      const state: FormState = {
        values: {
          email: locked ?? field("email"),
          cardnumber: field("cardnumber"),
          exp: field("exp"),
          name: field("name"),
          promotion_code: field("promotion_code"),
        },
        emailLocked: locked !== null,
      };
      if (form.get("action") === "apply_promotion_code") return applyPromotionCode(ctx, res, session, state);
      const result = payCheckout(ctx, session, {
        number: state.values.cardnumber,
        exp: state.values.exp,
        cvc: field("cvc"),
        name: state.values.name,
        email: state.values.email,
        delayed: false,
      });
      if (result.outcome === "succeeded") return redirect(res, result.redirectUrl);
      if (session.status !== "open") return closedPage(ctx, res, session, 400);
      render(ctx, res, session, result.outcome === "declined" ? 402 : 400, {
        ...state,
        error: { message: result.message, field: result.field },
      });
    },
  },
];
