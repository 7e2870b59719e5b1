import type { IncomingMessage, ServerResponse } from "node:http";
import Stripe from "stripe";
import type { EventBus } from "./event-bus";
import type { ParamReader } from "./param-reader";
import type { Json } from "./stripe-objects";
import type { StripeStore } from "./stripe-store";
import type { WebhookDispatcher } from "./webhook-dispatcher";

// Events carry the API version of the stripe-node release installed with the app.
export const API_VERSION = Stripe.API_VERSION;

export type StripeConfig = {
  secretKey: string;
  /** Base of hosted page URLs (`<publicUrl>/c/pay/<id>`), as browsers reach this server. */
  publicUrl: string;
  /** When set, every webhook endpoint signs with it. */
  webhookSecret: string | null;
};

/** Everything a route needs, built once per server. */
export type StripeContext = {
  config: StripeConfig;
  store: StripeStore;
  events: EventBus;
  webhooks: WebhookDispatcher;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now: () => number;
  log: (line: string) => void;
};

/** Who caused a change: events carry it as `request: { id, idempotency_key }` (null for hosted-page actions). */
export type RequestOrigin = { id: string | null; idempotencyKey: string | null };

export type ApiRequest = {
  ctx: StripeContext;
  /** Form body for POST, query string otherwise, in Stripe's bracket notation. */
  params: ParamReader;
  /** `expand[]`, read before the handler runs. */
  expand: string[];
  origin: RequestOrigin;
};

/** A `/v1` endpoint: answers the JSON body of a 200 response or throws a `StripeError`. */
export type ApiRoute = {
  method: "GET" | "POST" | "DELETE";
  /** Path below /v1, or a pattern whose groups are passed to the handler. */
  path: string | RegExp;
  handle: (rq: ApiRequest, ids: string[]) => Json;
};

/** Hosted pages and the test control API: the handler writes the whole response itself. */
export type RawRoute = {
  method: "GET" | "POST";
  path: RegExp;
  /** Requires `Authorization: Bearer <secret key>` (the control API); hosted pages are open. */
  authenticated: boolean;
  handle: (ctx: StripeContext, req: IncomingMessage, res: ServerResponse, ids: string[]) => Promise<void>;
};

/** Unix seconds on the (injectable) clock, the unit of every timestamp in the API. */
export const seconds = (ctx: StripeContext): number => Math.floor(ctx.now() / 1000);
