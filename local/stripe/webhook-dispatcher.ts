import { newId } from "./random-ids";
import type { EventObject, WebhookEndpointObject } from "./stripe-objects";
import type { StripeStore } from "./stripe-store";
import { signatureHeader } from "./webhook-signature";

/**
 * When a failed delivery is tried again: the n-th retry waits baseDelayMs × 2^(n-1), at most
 * maxDelayMs, until `attempts` attempts were made. Delays are in Stripe's time; timeScale turns them
 * into the stand-in's (0.001: a minute of Stripe's retries passes in 60 ms), so tests can live
 * through Stripe's three days of retries in a few seconds.
 */
export type RetryPolicy = { attempts: number; baseDelayMs: number; maxDelayMs?: number; timeScale?: number };
/** `retry_in_ms`: the wait (in Stripe's time) before the next attempt, on a failed attempt that has one. */
export type DeliveryAttempt = { at: string; status: number | null; error?: string; retry_in_ms?: number };
export type Delivery = {
  id: string;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  endpoint_url: string;
  state: "pending" | "succeeded" | "failed";
  attempts: DeliveryAttempt[];
};

const TIMEOUT_MS = 10_000;
const MAX_DELAY_MS = 12 * 3_600_000;

/**
 * Stripe retries a live-mode delivery for up to three days with exponential backoff: here 1 minute,
 * doubling to a 12-hour cap, 16 attempts in all (the last about 77 hours after the first).
 */
export const STRIPE_WEBHOOK_RETRY: RetryPolicy = { attempts: 16, baseDelayMs: 60_000, maxDelayMs: MAX_DELAY_MS, timeScale: 1 };

/** The waits between a delivery's attempts, in Stripe's time (one fewer than its attempts). */
export function retryDelaysMs(policy: RetryPolicy): number[] {
  const cap = policy.maxDelayMs ?? MAX_DELAY_MS;
  return Array.from({ length: Math.max(0, policy.attempts - 1) }, (_, i) => Math.min(policy.baseDelayMs * 2 ** i, cap));
}
const KEPT_DELIVERIES = 2_000;
const USER_AGENT = "Stripe/1.0 (+https://stripe.com/docs/webhooks)";

/**
 * Posts events to webhook endpoints. First attempts go out one at a time per endpoint, in event order;
 * a failed attempt is retried later (RetryPolicy: by default Stripe's three days) without holding up
 * the events behind it, as Stripe's retries do. Deliveries are kept in memory for `/_local/deliveries`.
 */
export class WebhookDispatcher {
  private readonly deliveries: Delivery[] = [];
  private readonly queues = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private stopped = false;

  constructor(
    private readonly store: StripeStore,
    private readonly retry: RetryPolicy,
    private readonly sharedSecret: string | null,
    private readonly log: (line: string) => void,
  ) {}

  /** Enabled endpoints subscribed to this event type (or to `*`). */
  endpointsFor(type: string): WebhookEndpointObject[] {
    return this.store.webhookEndpoints
      .all()
      .filter((e) => e.status === "enabled" && (e.enabled_events.includes("*") || e.enabled_events.includes(type)));
  }

  secretFor(endpoint: WebhookEndpointObject): string {
    return this.sharedSecret ?? this.store.endpointSecrets.get(endpoint.id) ?? "";
  }

  deliver(event: EventObject, endpoints = this.endpointsFor(event.type)): Delivery[] {
    if (this.stopped) return [];
    return endpoints.map((endpoint) => {
      const delivery: Delivery = {
        id: newId("whdel"),
        event_id: event.id,
        event_type: event.type,
        endpoint_id: endpoint.id,
        endpoint_url: endpoint.url,
        state: "pending",
        attempts: [],
      };
      this.deliveries.push(delivery);
      if (this.deliveries.length > KEPT_DELIVERIES) this.deliveries.splice(0, this.deliveries.length - KEPT_DELIVERIES);
      this.enqueue(delivery);
      return delivery;
    });
  }

  /** Oldest first, optionally for one event id and/or event type. */
  list(filter: { event?: string; type?: string }): Delivery[] {
    return this.deliveries.filter((d) => (!filter.event || d.event_id === filter.event) && (!filter.type || d.event_type === filter.type));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    await Promise.allSettled([...this.queues.values()]);
  }

  private enqueue(delivery: Delivery): void {
    const previous = this.queues.get(delivery.endpoint_id) ?? Promise.resolve();
    const next = previous.then(() => this.attempt(delivery));
    this.queues.set(delivery.endpoint_id, next);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (this.stopped) return;
    const endpoint = this.store.webhookEndpoints.get(delivery.endpoint_id);
    const event = this.store.events.get(delivery.event_id);
    if (!endpoint || !event) {
      delivery.state = "failed";
      delivery.attempts.push({ at: new Date().toISOString(), status: null, error: "endpoint or event no longer exists" });
      return;
    }
    const result = await this.post(endpoint, event);
    const attempt: DeliveryAttempt = { at: new Date().toISOString(), ...result };
    delivery.attempts.push(attempt);
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      delivery.state = "succeeded";
      event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
      this.store.changed();
      return;
    }
    const retryInMs = retryDelaysMs(this.retry)[delivery.attempts.length - 1];
    if (retryInMs === undefined || this.stopped) {
      delivery.state = "failed";
      this.log(`stripe: giving up on ${event.type} ${event.id} to ${endpoint.url} after ${delivery.attempts.length} attempt(s)`);
      return;
    }
    attempt.retry_in_ms = retryInMs;
    const delay = retryInMs * (this.retry.timeScale ?? 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue(delivery);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private async post(endpoint: WebhookEndpointObject, event: EventObject): Promise<Omit<DeliveryAttempt, "at">> {
    const payload = JSON.stringify(event, null, 2);
    // Signed with the wall clock, not the injectable one: receivers check `t` against their own clock.
    const signature = signatureHeader(payload, this.secretFor(endpoint), Math.floor(Date.now() / 1000));
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), TIMEOUT_MS);
    this.inFlight.add(controller);
    try {
      const response = await fetch(endpoint.url, {
        method: "POST",
        redirect: "manual",
        signal: controller.signal,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": USER_AGENT,
          "stripe-signature": signature,
          "cache-control": "no-cache",
          accept: "*/*; q=0.5, application/xml",
        },
        body: payload,
      });
      await response.body?.cancel();
      return { status: response.status };
    } catch (error) {
      const message = controller.signal.aborted ? (this.stopped ? "stopped" : "timed out after 10 s") : describe(error);
      return { status: null, error: message };
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
