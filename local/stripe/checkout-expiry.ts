import { seconds, type RequestOrigin, type StripeContext } from "./stripe-context";
import type { CheckoutSessionObject } from "./stripe-objects";

/** Expires an open session (its URL stops working) and emits `checkout.session.expired`. */
export function expireSession(ctx: StripeContext, session: CheckoutSessionObject, origin?: RequestOrigin): void {
  session.status = "expired";
  session.url = null;
  ctx.store.changed();
  ctx.events.emit("checkout.session.expired", session, { origin });
}

/** True (after expiring it) when an open session is past its `expires_at`. */
export function expireIfDue(ctx: StripeContext, session: CheckoutSessionObject): boolean {
  if (session.status !== "open" || session.expires_at > seconds(ctx)) return false;
  expireSession(ctx, session);
  return true;
}

/** The periodic sweep: Stripe expires sessions shortly after `expires_at`, not at the instant. */
export function sweepExpiredSessions(ctx: StripeContext): number {
  let count = 0;
  for (const session of ctx.store.sessions.all()) if (expireIfDue(ctx, session)) count++;
  return count;
}
