import { API_VERSION, type RequestOrigin } from "./stripe-context";
import { newId } from "./random-ids";
import type { EventObject, JsonObject } from "./stripe-objects";
import type { StripeStore } from "./stripe-store";
import type { Delivery, WebhookDispatcher } from "./webhook-dispatcher";
import { present } from "./present";

const NO_REQUEST: RequestOrigin = { id: null, idempotencyKey: null };

/** Records events (retrievable at /v1/events) and hands each to the webhook dispatcher. */
export class EventBus {
  constructor(
    private readonly store: StripeStore,
    private readonly webhooks: WebhookDispatcher,
    private readonly now: () => number,
  ) {}

  /**
   * An event carrying a snapshot of `object` as it is now. `previous` becomes `data.previous_attributes`
   * (the old values of the fields that changed), as on Stripe's `*.updated` events.
   */
  emit(type: string, object: JsonObject, options: { previous?: JsonObject; origin?: RequestOrigin } = {}): EventObject {
    const created = Math.floor(this.now() / 1000);
    const origin = options.origin ?? NO_REQUEST;
    const data: EventObject["data"] = { object: structuredClone(present(object, this.store, created)) };
    if (options.previous) data.previous_attributes = structuredClone(options.previous);
    const event: EventObject = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created,
      data,
      livemode: false,
      pending_webhooks: this.webhooks.endpointsFor(type).length,
      request: { id: origin.id, idempotency_key: origin.idempotencyKey },
      type,
    };
    this.store.events.add(event);
    this.store.changed();
    this.webhooks.deliver(event);
    return event;
  }

  /** Delivers an existing event again (same id) to every endpoint now subscribed to its type. */
  resend(event: EventObject): Delivery[] {
    const deliveries = this.webhooks.deliver(event);
    event.pending_webhooks += deliveries.length;
    this.store.changed();
    return deliveries;
  }
}
