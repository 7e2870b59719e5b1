import { createCheckoutSession } from "./checkout-create";
import { expireSession } from "./checkout-expiry";
import { paginate, readCreated, readPage } from "./list-page";
import { must, render } from "./route-helpers";
import type { ApiRoute } from "./stripe-context";
import { invalidRequest } from "./stripe-error";

const SESSION = /^\/checkout\/sessions\/([^/]+)$/;

export const checkoutSessionRoutes: ApiRoute[] = [
  { method: "POST", path: "/checkout/sessions", handle: createCheckoutSession },
  {
    method: "GET",
    path: SESSION,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.sessions.get(id), "checkout.session", id));
    },
  },
  {
    method: "GET",
    path: "/checkout/sessions",
    handle: (rq) => {
      const p = rq.params;
      const page = readPage(p);
      const customer = p.str("customer");
      const email = p.hashOf("customer_details")?.str("email", { required: true });
      const paymentIntent = p.str("payment_intent");
      const subscription = p.str("subscription");
      const status = p.oneOf("status", ["complete", "expired", "open"] as const);
      const created = readCreated(p);
      p.done();
      const found = rq.ctx.store.sessions.newestFirst().filter((s) => {
        const details = s.customer_details;
        const detailsEmail = details && typeof details === "object" && !Array.isArray(details) ? details.email : null;
        return (
          (customer === undefined || s.customer === customer) &&
          (email === undefined || detailsEmail === email) &&
          (paymentIntent === undefined || s.payment_intent === paymentIntent) &&
          (subscription === undefined || s.subscription === subscription) &&
          (status === undefined || s.status === status) &&
          created(s.created)
        );
      });
      return render(rq, paginate(rq.ctx, found, page, "/v1/checkout/sessions", "checkout.session"));
    },
  },
  {
    method: "POST",
    path: /^\/checkout\/sessions\/([^/]+)\/expire$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      const session = must(rq.ctx.store.sessions.get(id), "checkout.session", id);
      if (session.status !== "open") {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      }
      expireSession(rq.ctx, session, rq.origin);
      return render(rq, session);
    },
  },
  {
    method: "GET",
    path: /^\/checkout\/sessions\/([^/]+)\/line_items$/,
    handle: (rq, [id = ""]) => {
      const page = readPage(rq.params);
      rq.params.done();
      must(rq.ctx.store.sessions.get(id), "checkout.session", id);
      const items = rq.ctx.store.checkoutExtras.get(id)?.lineItems ?? [];
      return render(rq, paginate(rq.ctx, items, page, `/v1/checkout/sessions/${id}/line_items`, "item"));
    },
  },
];
