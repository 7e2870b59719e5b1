import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { authenticate, handleApi } from "./api-handler";
import { checkoutPageRoutes } from "./checkout-page-routes";
import { sweepExpiredSessions } from "./checkout-expiry";
import { controlRoutes } from "./control-routes";
import { EventBus } from "./event-bus";
import { IdempotencyStore } from "./idempotency-store";
import { StateFile } from "./state-file";
import type { RawRoute, StripeContext } from "./stripe-context";
import { StripeError, unrecognizedUrl } from "./stripe-error";
import { sendJson } from "./stripe-http";
import { newRequestId } from "./random-ids";
import { StripeStore, type StoreSnapshot } from "./stripe-store";
import { sweepScheduledCancellations } from "./subscription-routes";
import { STRIPE_WEBHOOK_RETRY, WebhookDispatcher, type RetryPolicy } from "./webhook-dispatcher";
import { addEndpoint } from "./webhook-endpoint-routes";
import { listenOnLoopback } from "../listen";

export type StripeStandInOptions = {
  port: number;
  secretKey: string;
  publicUrl?: string;
  dataDir?: string;
  webhookSecret?: string;
  webhooks?: { url: string }[];
  /** Webhook retries: Stripe's three days unless given (a test compresses them with timeScale). */
  retry?: RetryPolicy;
  expirySweepMs?: number;
  now?: () => number;
  log?: (line: string) => void;
};
export type StripeStandIn = { port: number; url: string; stop: () => Promise<void> };

const RAW_ROUTES: RawRoute[] = [...checkoutPageRoutes, ...controlRoutes];

function isSnapshot(value: unknown): value is StoreSnapshot {
  if (!value || typeof value !== "object") return false;
  const candidate: { version?: unknown; collections?: unknown } = value;
  return candidate.version === 1 && typeof candidate.collections === "object" && candidate.collections !== null;
}

async function handleRaw(ctx: StripeContext, req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<boolean> {
  for (const route of RAW_ROUTES) {
    const found = route.path.exec(url.pathname);
    if (!found || route.method !== req.method) continue;
    try {
      if (route.authenticated) authenticate(ctx, req);
      await route.handle(
        ctx,
        req,
        res,
        found.slice(1).map((id) => decodeURIComponent(id ?? "")),
      );
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      sendJson(res, error.status, error.toJSON(requestId), { "request-id": requestId });
    }
    return true;
  }
  return false;
}

/**
 * The local Stripe stand-in: the `/v1` API the stripe-node client calls (checkout sessions, customers,
 * subscriptions, invoices, payments, refunds, coupons, promotion codes, tax rates, events, webhook
 * endpoints), a hosted checkout page, signed webhook delivery with retries, and a test control API.
 */
export async function startStripe(options: StripeStandInOptions): Promise<StripeStandIn> {
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  let stateFile: StateFile<StoreSnapshot> | null = null;
  const store = new StripeStore(() => stateFile?.schedule());
  stateFile = new StateFile(options.dataDir, () => store.snapshot(), log);
  const stored = await stateFile.load();
  if (isSnapshot(stored)) store.restore(stored);

  const retry = options.retry ?? STRIPE_WEBHOOK_RETRY;
  const webhooks = new WebhookDispatcher(store, retry, options.webhookSecret ?? null, log);
  const events = new EventBus(store, webhooks, now);
  const idempotency = new IdempotencyStore(now);
  const server = createServer();
  const port = await listenOnLoopback(server, options.port);
  const ctx: StripeContext = {
    config: {
      secretKey: options.secretKey,
      publicUrl: (options.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, ""),
      webhookSecret: options.webhookSecret ?? null,
    },
    store,
    events,
    webhooks,
    now,
    log,
  };
  for (const { url } of options.webhooks ?? []) {
    addEndpoint(ctx, { url, enabledEvents: ["*"], description: "Configured at start", metadata: {}, apiVersion: null }, true);
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://stripe.local");
    const requestId = newRequestId();
    res.setHeader("request-id", requestId);
    const run = async () => {
      if (url.pathname === "/v1" || url.pathname.startsWith("/v1/")) return handleApi(ctx, idempotency, req, res, url, requestId);
      if (await handleRaw(ctx, req, res, url, requestId)) return;
      sendJson(res, 404, unrecognizedUrl(req.method ?? "GET", url.pathname).toJSON(requestId), { "request-id": requestId });
    };
    run().catch((error: unknown) => {
      log(`stripe: ${req.method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent)
        sendJson(res, 500, new StripeError(500, "api_error", "Unexpected error in the local Stripe service.").toJSON(requestId));
      else res.end();
    });
  });

  const sweepMs = options.expirySweepMs ?? 5000;
  const sweep =
    sweepMs > 0
      ? setInterval(() => {
          try {
            sweepExpiredSessions(ctx);
            sweepScheduledCancellations(ctx);
          } catch (error) {
            log(`stripe: sweep failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }, sweepMs)
      : null;
  sweep?.unref();

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (sweep) clearInterval(sweep);
      await webhooks.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stateFile.flush();
    },
  };
}
