import { createHash } from "node:crypto";
import { paginate, readPage } from "./list-page";
import { mergeMetadata, metadataOf, type Metadata } from "./metadata";
import type { ParamReader } from "./param-reader";
import { deleted, must, render } from "./route-helpers";
import { seconds, type ApiRoute, type StripeContext } from "./stripe-context";
import { invalidParam } from "./stripe-error";
import { newId, newWebhookSecret } from "./random-ids";
import type { WebhookEndpointObject } from "./stripe-objects";

type EndpointFields = { url: string; enabledEvents: string[]; description: string | null; metadata: Metadata; apiVersion: string | null };

/**
 * Registers an endpoint. Endpoints from the start options get an id derived from their URL (they are
 * re-created on every start and never persisted); with a shared secret configured, every endpoint signs with it.
 */
export function addEndpoint(
  ctx: StripeContext,
  fields: EndpointFields,
  configured = false,
): { endpoint: WebhookEndpointObject; secret: string } {
  const id = configured ? `we_local${createHash("sha256").update(fields.url).digest("hex").slice(0, 16)}` : newId("we");
  const endpoint: WebhookEndpointObject = {
    id,
    object: "webhook_endpoint",
    api_version: fields.apiVersion,
    application: null,
    created: seconds(ctx),
    description: fields.description,
    enabled_events: fields.enabledEvents,
    livemode: false,
    metadata: fields.metadata,
    status: "enabled",
    url: fields.url,
  };
  const secret = ctx.config.webhookSecret ?? ctx.store.endpointSecrets.get(id) ?? newWebhookSecret();
  ctx.store.webhookEndpoints.add(endpoint);
  ctx.store.endpointSecrets.set(id, secret);
  if (configured) ctx.store.configuredEndpoints.add(id);
  else ctx.store.changed();
  return { endpoint, secret };
}

function readUrl(p: ParamReader, required: boolean): string | undefined {
  const url = p.str("url", { required, max: 5000 });
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("scheme");
  } catch {
    throw invalidParam("url", "Invalid URL: An explicit scheme (such as https) must be provided.", "url_invalid");
  }
  return url;
}

function readEvents(p: ParamReader, required: boolean): string[] | undefined {
  const events = p.strings("enabled_events", { required });
  if (events === undefined) return undefined;
  if (!events.length) throw invalidParam("enabled_events", "You must specify at least one event type in enabled_events.");
  const bad = events.find((type) => type !== "*" && !/^[a-z_]+(\.[a-z_]+)+$/.test(type));
  if (bad) throw invalidParam("enabled_events", `Invalid event type: ${bad}`);
  return events;
}

export const webhookEndpointRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/webhook_endpoints",
    handle: (rq) => {
      const p = rq.params;
      const url = readUrl(p, true) ?? "";
      const enabledEvents = readEvents(p, true) ?? [];
      const description = p.str("description", { max: 5000 }) ?? null;
      const apiVersion = p.str("api_version") ?? null;
      const metadata = metadataOf(p.metadata());
      p.done();
      const { endpoint, secret } = addEndpoint(rq.ctx, { url, enabledEvents, description, metadata, apiVersion });
      // The signing secret is only ever returned by create, as with Stripe.
      return { ...render(rq, endpoint), secret };
    },
  },
  {
    method: "GET",
    path: /^\/webhook_endpoints\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.webhookEndpoints.get(id), "webhook_endpoint", id));
    },
  },
  {
    method: "POST",
    path: /^\/webhook_endpoints\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      const p = rq.params;
      const url = readUrl(p, false);
      const enabledEvents = readEvents(p, false);
      const description = p.str("description", { max: 5000 });
      const disabled = p.bool("disabled");
      const metadata = p.metadata();
      p.done();
      const endpoint = must(rq.ctx.store.webhookEndpoints.get(id), "webhook_endpoint", id);
      if (url !== undefined) endpoint.url = url;
      if (enabledEvents !== undefined) endpoint.enabled_events = enabledEvents;
      if (description !== undefined) endpoint.description = description;
      if (disabled !== undefined) endpoint.status = disabled ? "disabled" : "enabled";
      endpoint.metadata = mergeMetadata(endpoint.metadata, metadata);
      rq.ctx.store.changed();
      return render(rq, endpoint);
    },
  },
  {
    method: "DELETE",
    path: /^\/webhook_endpoints\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      must(rq.ctx.store.webhookEndpoints.get(id), "webhook_endpoint", id);
      rq.ctx.store.webhookEndpoints.delete(id);
      rq.ctx.store.endpointSecrets.delete(id);
      rq.ctx.store.changed();
      return deleted(id, "webhook_endpoint");
    },
  },
  {
    method: "GET",
    path: "/webhook_endpoints",
    handle: (rq) => {
      const page = readPage(rq.params);
      rq.params.done();
      return render(rq, paginate(rq.ctx, rq.ctx.store.webhookEndpoints.newestFirst(), page, "/v1/webhook_endpoints", "webhook_endpoint"));
    },
  },
];
