import { lineTaxRates } from "./checkout-session-object";
import { describeInterval, formatMoney } from "./money";
import { escapeHtml, page, topBar } from "./page-layout";
import type { StripeContext } from "./stripe-context";
import type { CheckoutSessionObject, ItemObject } from "./stripe-objects";
import type { CheckoutExtras } from "./stripe-store";
import type { CardField } from "./test-cards";

export type FormState = {
  values: { email: string; cardnumber: string; exp: string; name: string; promotion_code: string };
  error?: { message: string; field?: CardField | "promotion_code" };
  emailLocked: boolean;
};

export const emptyForm = (email: string | null): FormState => ({
  values: { email: email ?? "", cardnumber: "", exp: "", name: "", promotion_code: "" },
  emailLocked: email !== null,
});

/** The cancel URL with `{CHECKOUT_SESSION_ID}` filled in, as Checkout links back to it. */
export function backUrl(session: CheckoutSessionObject): string | null {
  return session.cancel_url ? session.cancel_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) : null;
}

const EVERY: Record<string, string> = { day: "daily", week: "weekly", month: "monthly", year: "yearly" };

function lineRow(item: ItemObject): string {
  const recurring = item.price.recurring;
  const billed = !recurring
    ? "One-time"
    : recurring.interval_count === 1
      ? `Billed ${EVERY[recurring.interval] ?? recurring.interval}`
      : `Billed every ${describeInterval(recurring.interval, recurring.interval_count)}`;
  const quantity = item.quantity > 1 ? ` · Qty ${item.quantity} × ${formatMoney(item.price.unit_amount, item.currency)}` : "";
  return `<li><span>${escapeHtml(item.description ?? "Item")}<span class="detail">${escapeHtml(billed + quantity)}</span></span>
<span class="num">${formatMoney(item.amount_subtotal, item.currency)}</span></li>`;
}

function totals(ctx: StripeContext, session: CheckoutSessionObject, extras: CheckoutExtras): string {
  const money = (amount: number) => formatMoney(amount, session.currency);
  const row = (label: string, amount: string) => `<div><dt>${escapeHtml(label)}</dt><dd class="num">${amount}</dd></div>`;
  const rows = [row("Subtotal", money(session.amount_subtotal))];
  const applied = session.discounts[0];
  if (applied) {
    const code = applied.promotion_code ? ctx.store.promotionCodes.get(applied.promotion_code)?.code : null;
    const label = code ?? ctx.store.coupons.get(applied.coupon)?.name ?? applied.coupon;
    rows.push(row(`Discount (${label})`, `−${money(session.total_details.amount_discount)}`));
  }
  const rates = new Map(
    lineTaxRates(ctx, extras)
      .flat()
      .map((rate) => [rate.id, rate]),
  );
  const [only] = rates.values();
  if (rates.size === 1 && only) {
    rows.push(
      row(`${only.display_name} (${only.percentage}%${only.inclusive ? ", included" : ""})`, money(session.total_details.amount_tax)),
    );
  } else if (rates.size > 1) rows.push(row("Tax", money(session.total_details.amount_tax)));
  rows.push(`<div class="grand"><dt>Total due today</dt><dd class="num">${money(session.amount_total)}</dd></div>`);
  return `<dl class="totals">${rows.join("\n")}</dl>`;
}

function input(id: string, label: string, value: string, state: FormState, attributes: string): string {
  const invalid = state.error?.field === id || (state.error?.field === "number" && id === "cardnumber");
  const aria = invalid ? ' aria-invalid="true" aria-describedby="form-error"' : "";
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${id}" value="${escapeHtml(value)}"${aria} ${attributes}>`;
}

function promoForm(session: CheckoutSessionObject, state: FormState): string {
  if (!session.allow_promotion_codes || session.discounts.length) return "";
  const invalid = state.error?.field === "promotion_code" ? ' aria-invalid="true" aria-describedby="form-error"' : "";
  return `<form class="promo" method="post" action="/c/pay/${escapeHtml(session.id)}">
<input type="hidden" name="action" value="apply_promotion_code">
<div><label for="promotion_code">Promotion code</label>
<input id="promotion_code" name="promotion_code" autocomplete="off" value="${escapeHtml(state.values.promotion_code)}"${invalid}></div>
<button type="submit">Apply</button></form>`;
}

/** The hosted payment page: what is being bought, the totals, and a plain card form (posted back here). */
export function checkoutPage(ctx: StripeContext, session: CheckoutSessionObject, extras: CheckoutExtras, state: FormState): string {
  const subscribing = session.mode === "subscription";
  const total = formatMoney(session.amount_total, session.currency);
  const first = extras.lineItems[0]?.description ?? "your order";
  const heading = subscribing ? `Subscribe to ${first}` : `Pay for ${first}`;
  const button = subscribing ? `Subscribe — ${total}` : `Pay ${total}`;
  const v = state.values;
  const email = input(
    "email",
    "Email",
    v.email,
    state,
    `type="email" autocomplete="email" required${state.emailLocked ? " readonly" : ""}`,
  );
  return page(
    `${heading} · Checkout`,
    `${topBar(backUrl(session))}
<main class="layout">
<section class="panel" aria-labelledby="summary-title">
<h1 id="summary-title">${escapeHtml(heading)}</h1>
<p class="amount-big">${total}<span>${subscribing ? "due today" : "total"}</span></p>
<ul class="lines">${extras.lineItems.map(lineRow).join("\n")}</ul>
${totals(ctx, session, extras)}
${promoForm(session, state)}
</section>
<section class="panel" aria-labelledby="pay-title">
<h2 id="pay-title">Pay with card</h2>
<p id="form-error" class="error" role="alert">${escapeHtml(state.error?.message ?? "")}</p>
<form method="post" action="/c/pay/${escapeHtml(session.id)}" novalidate>
<input type="hidden" name="action" value="pay">
${email}
<fieldset><legend>Card information</legend>
${input("cardnumber", "Card number", v.cardnumber, state, 'type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
<div class="row"><div>${input("exp", "Expiration (MM / YY)", v.exp, state, 'type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required')}</div>
<div>${input("cvc", "CVC", "", state, 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123" required')}</div></div>
</fieldset>
${input("name", "Name on card", v.name, state, 'type="text" autocomplete="cc-name"')}
<button class="pay-button" type="submit">${escapeHtml(button)}</button>
</form>
<p class="hint">Test mode: card 4242 4242 4242 4242 with any future date and any CVC is approved; 4000 0000 0000 0002 is declined.</p>
</section>
</main>`,
  );
}
