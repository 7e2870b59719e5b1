import type { Metadata } from "./metadata";
import type {
  ChargeObject,
  CheckoutSessionObject,
  CouponObject,
  CustomerObject,
  DiscountObject,
  DisputeObject,
  EventObject,
  InvoiceObject,
  InvoicePaymentObject,
  ItemObject,
  Payer,
  JsonObject,
  PaymentIntentObject,
  PriceObject,
  ProductObject,
  PromotionCodeObject,
  RefundObject,
  SubscriptionObject,
  TaxRateObject,
  WebhookEndpointObject,
} from "./stripe-objects";

/** One kind of object by id, in creation order (lists are served newest first, as Stripe's are). */
export class Collection<T extends { id: string }> {
  private readonly items = new Map<string, T>();

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  add(item: T): T {
    this.items.set(item.id, item);
    return item;
  }

  delete(id: string): boolean {
    return this.items.delete(id);
  }

  all(): T[] {
    return [...this.items.values()];
  }

  newestFirst(): T[] {
    return this.all().reverse();
  }

  load(items: T[]): void {
    for (const item of items) this.items.set(item.id, item);
  }
}

/** What a Checkout Session knows beyond its API object. */
export type CheckoutExtras = {
  lineItems: ItemObject[];
  /** Tax rate ids per line, in line order. */
  lineTaxRates: string[][];
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  paymentIntentData: { description: string | null; metadata: Metadata };
  invoiceCreation: boolean;
  /** Set while a session completed with a delayed payment method waits for `/_local/.../async`. */
  pendingPayment: Payer | null;
};

export type StoreSnapshot = {
  version: 1;
  collections: Record<string, JsonObject[]>;
  checkoutExtras: [string, CheckoutExtras][];
  endpointSecrets: [string, string][];
};

/** All state of the stand-in: plain API objects, so persisting is one JSON document. */
export class StripeStore {
  readonly customers = new Collection<CustomerObject>();
  readonly products = new Collection<ProductObject>();
  readonly prices = new Collection<PriceObject>();
  readonly coupons = new Collection<CouponObject>();
  readonly promotionCodes = new Collection<PromotionCodeObject>();
  readonly taxRates = new Collection<TaxRateObject>();
  readonly discounts = new Collection<DiscountObject>();
  readonly sessions = new Collection<CheckoutSessionObject>();
  readonly subscriptions = new Collection<SubscriptionObject>();
  readonly invoices = new Collection<InvoiceObject>();
  readonly invoicePayments = new Collection<InvoicePaymentObject>();
  readonly paymentIntents = new Collection<PaymentIntentObject>();
  readonly charges = new Collection<ChargeObject>();
  readonly refunds = new Collection<RefundObject>();
  readonly disputes = new Collection<DisputeObject>();
  readonly events = new Collection<EventObject>();
  readonly webhookEndpoints = new Collection<WebhookEndpointObject>();
  readonly checkoutExtras = new Map<string, CheckoutExtras>();
  readonly endpointSecrets = new Map<string, string>();
  /** Endpoints from the start options: re-created on every start, so never persisted. */
  readonly configuredEndpoints = new Set<string>();

  constructor(private readonly onChange: () => void = () => {}) {}

  private named(): Record<string, Collection<{ id: string } & JsonObject>> {
    return {
      customers: this.customers,
      products: this.products,
      prices: this.prices,
      coupons: this.coupons,
      promotion_codes: this.promotionCodes,
      tax_rates: this.taxRates,
      discounts: this.discounts,
      checkout_sessions: this.sessions,
      subscriptions: this.subscriptions,
      invoices: this.invoices,
      invoice_payments: this.invoicePayments,
      payment_intents: this.paymentIntents,
      charges: this.charges,
      refunds: this.refunds,
      disputes: this.disputes,
      events: this.events,
      webhook_endpoints: this.webhookEndpoints,
    };
  }

  /** Any stored object by id (for `expand[]`); coupons have free-form ids, so they are looked up last. */
  find(id: string): JsonObject | undefined {
    const { coupons, ...rest } = this.named();
    for (const collection of Object.values(rest)) {
      const found = collection.get(id);
      if (found) return found;
    }
    return coupons?.get(id);
  }

  /** Call after every mutation: schedules the (debounced) write of the state file. */
  changed(): void {
    this.onChange();
  }

  snapshot(): StoreSnapshot {
    const collections: Record<string, JsonObject[]> = {};
    for (const [name, collection] of Object.entries(this.named())) {
      collections[name] = collection.all().filter((item) => !this.configuredEndpoints.has(item.id));
    }
    return {
      version: 1,
      collections,
      checkoutExtras: [...this.checkoutExtras],
      endpointSecrets: [...this.endpointSecrets].filter(([id]) => !this.configuredEndpoints.has(id)),
    };
  }

  /** Restores a snapshot written by `snapshot()` (the stand-in's own file, so its shape is trusted). */
  restore(snapshot: StoreSnapshot): void {
    const named = this.named();
    for (const [name, items] of Object.entries(snapshot.collections)) {
      named[name]?.load(items as ({ id: string } & JsonObject)[]);
    }
    for (const [id, extras] of snapshot.checkoutExtras) this.checkoutExtras.set(id, extras);
    for (const [id, secret] of snapshot.endpointSecrets) this.endpointSecrets.set(id, secret);
  }
}
