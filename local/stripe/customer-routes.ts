import { paginate, readPage } from "./list-page";
import { mergeMetadata, metadataChanges, metadataOf, type Metadata } from "./metadata";
import type { ParamReader } from "./param-reader";
import { must, render } from "./route-helpers";
import { seconds, type ApiRoute, type StripeContext } from "./stripe-context";
import { newId, randomChars } from "./random-ids";
import type { CustomerObject, JsonObject } from "./stripe-objects";

type CustomerFields = {
  email: string | null;
  name: string | null;
  description?: string | null;
  phone?: string | null;
  metadata?: Metadata;
};

export function newCustomer(ctx: StripeContext, fields: CustomerFields): CustomerObject {
  const customer: CustomerObject = {
    id: newId("cus"),
    object: "customer",
    address: null,
    balance: 0,
    created: seconds(ctx),
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    discount: null,
    email: fields.email,
    invoice_prefix: randomChars(8, "0123456789ABCDEF"),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
  ctx.store.customers.add(customer);
  ctx.store.changed();
  return customer;
}

const EDITABLE = ["email", "name", "description", "phone"] as const;

function readFields(p: ParamReader) {
  const values: Partial<Record<(typeof EDITABLE)[number], string | null>> = {};
  for (const key of EDITABLE) {
    const value = p.str(key, { max: key === "email" ? 512 : 5000 });
    if (value !== undefined) values[key] = value;
    else if (p.unset(key)) values[key] = null;
  }
  return values;
}

export const customerRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/customers",
    handle: (rq) => {
      const p = rq.params;
      const fields = readFields(p);
      const metadata = metadataOf(p.metadata());
      p.done();
      const customer = newCustomer(rq.ctx, { email: null, name: null, ...fields, metadata });
      rq.ctx.events.emit("customer.created", customer, { origin: rq.origin });
      return render(rq, customer);
    },
  },
  {
    method: "GET",
    path: /^\/customers\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.customers.get(id), "customer", id));
    },
  },
  {
    method: "POST",
    path: /^\/customers\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      const p = rq.params;
      const fields = readFields(p);
      const metadata = p.metadata();
      p.done();
      const customer = must(rq.ctx.store.customers.get(id), "customer", id);
      const previous: JsonObject = {};
      for (const [key, value] of Object.entries(fields)) {
        if (customer[key] !== value) {
          previous[key] = customer[key] ?? null;
          customer[key] = value;
        }
      }
      const nextMetadata = mergeMetadata(customer.metadata, metadata);
      const metadataChanged = metadataChanges(customer.metadata, nextMetadata);
      if (metadataChanged) previous.metadata = metadataChanged;
      customer.metadata = nextMetadata;
      rq.ctx.store.changed();
      if (Object.keys(previous).length) rq.ctx.events.emit("customer.updated", customer, { previous, origin: rq.origin });
      return render(rq, customer);
    },
  },
  {
    method: "GET",
    path: "/customers",
    handle: (rq) => {
      const p = rq.params;
      const page = readPage(p);
      const email = p.str("email", { max: 512 });
      p.done();
      // Stripe's `email` filter is case-sensitive.
      const found = rq.ctx.store.customers.newestFirst().filter((c) => email === undefined || c.email === email);
      return render(rq, paginate(rq.ctx, found, page, "/v1/customers", "customer"));
    },
  },
];
