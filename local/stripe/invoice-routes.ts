import { paginate, readCreated, readPage } from "./list-page";
import { must, render } from "./route-helpers";
import type { ApiRoute } from "./stripe-context";
import { invalidParam } from "./stripe-error";

const INVOICE_STATUSES = ["draft", "open", "paid", "uncollectible", "void"] as const;

export const invoiceRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: /^\/invoices\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.invoices.get(id), "invoice", id));
    },
  },
  {
    method: "GET",
    path: /^\/invoices\/([^/]+)\/lines$/,
    handle: (rq, [id = ""]) => {
      const page = readPage(rq.params);
      rq.params.done();
      const invoice = must(rq.ctx.store.invoices.get(id), "invoice", id);
      return render(rq, paginate(rq.ctx, invoice.lines.data, page, `/v1/invoices/${id}/lines`, "line_item"));
    },
  },
  {
    method: "GET",
    path: "/invoices",
    handle: (rq) => {
      const p = rq.params;
      const page = readPage(p);
      const customer = p.str("customer");
      const subscription = p.str("subscription");
      const status = p.oneOf("status", INVOICE_STATUSES);
      const created = readCreated(p);
      p.done();
      const found = rq.ctx.store.invoices
        .newestFirst()
        .filter(
          (invoice) =>
            (customer === undefined || invoice.customer === customer) &&
            (subscription === undefined || invoice.parent?.subscription_details.subscription === subscription) &&
            (status === undefined || invoice.status === status) &&
            created(invoice.created),
        );
      return render(rq, paginate(rq.ctx, found, page, "/v1/invoices", "invoice"));
    },
  },
  {
    method: "GET",
    path: /^\/invoice_payments\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.invoicePayments.get(id), "invoice_payment", id));
    },
  },
  {
    method: "GET",
    path: "/invoice_payments",
    handle: (rq) => {
      const p = rq.params;
      const page = readPage(p);
      const invoice = p.str("invoice");
      const payment = p.hashOf("payment");
      const type = payment?.oneOf("type", ["payment_intent", "payment_record"] as const, { required: true });
      const paymentIntent = payment?.str("payment_intent");
      payment?.ignore("payment_record");
      const status = p.oneOf("status", ["canceled", "open", "paid"] as const);
      p.done();
      if (type === "payment_intent" && !paymentIntent)
        throw invalidParam("payment[payment_intent]", "Missing required param: payment[payment_intent].", "parameter_missing");
      const found = rq.ctx.store.invoicePayments
        .newestFirst()
        .filter(
          (ip) =>
            (invoice === undefined || ip.invoice === invoice) &&
            type !== "payment_record" &&
            (paymentIntent === undefined || ip.payment.payment_intent === paymentIntent) &&
            (status === undefined || ip.status === status),
        );
      return render(rq, paginate(rq.ctx, found, page, "/v1/invoice_payments", "invoice_payment"));
    },
  },
];
