import type { IncomingMessage, ServerResponse } from "node:http";
import { catalogRoutes } from "./catalog";
import { checkoutSessionRoutes } from "./checkout-session-routes";
import { couponRoutes } from "./coupon-routes";
import { customerRoutes } from "./customer-routes";
import { eventRoutes } from "./event-routes";
import { canonicalParams, parseForm } from "./form-params";
import type { IdempotencyStore } from "./idempotency-store";
import { invoiceRoutes } from "./invoice-routes";
import { ParamReader } from "./param-reader";
import { paymentRoutes } from "./payment-routes";
import { promotionCodeRoutes } from "./promotion-code-routes";
import { API_VERSION, type ApiRoute, type StripeContext } from "./stripe-context";
import { StripeError, unrecognizedUrl } from "./stripe-error";
import { header, readBody, sendJsonText } from "./stripe-http";
import { subscriptionRoutes } from "./subscription-routes";
import { taxRateRoutes } from "./tax-rate-routes";
import { webhookEndpointRoutes } from "./webhook-endpoint-routes";

const ROUTES: ApiRoute[] = [
  ...checkoutSessionRoutes,
  ...customerRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...paymentRoutes,
  ...couponRoutes,
  ...promotionCodeRoutes,
  ...taxRateRoutes,
  ...webhookEndpointRoutes,
  ...eventRoutes,
  ...catalogRoutes,
];

function match(method: string, pathname: string): { route: ApiRoute; ids: string[] } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    if (typeof route.path === "string") {
      if (route.path === pathname) return { route, ids: [] };
      continue;
    }
    const found = route.path.exec(pathname);
    if (found) return { route, ids: found.slice(1).map((id) => decodeURIComponent(id ?? "")) };
  }
  return null;
}

/** `sk_test_****abcd`: Stripe never echoes a whole key. */
function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? "";
  return `${prefix}****${key.slice(-4)}`;
}

/** The API key from `Authorization: Bearer <key>` (stripe-node) or HTTP Basic with the key as user name (curl -u). */
export function apiKeyOf(req: IncomingMessage): string | null {
  const value = header(req, "authorization") ?? "";
  const bearer = /^Bearer\s+(.+)$/i.exec(value);
  if (bearer) return bearer[1]?.trim() ?? null;
  const basic = /^Basic\s+(.+)$/i.exec(value);
  if (basic)
    return (
      Buffer.from(basic[1] ?? "", "base64")
        .toString("utf8")
        .split(":")[0] ?? null
    );
  return null;
}

export function authenticate(ctx: StripeContext, req: IncomingMessage): void {
  const key = apiKeyOf(req);
  if (!key) {
    throw new StripeError(
      401,
      "invalid_request_error",
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  if (key !== ctx.config.secretKey) throw new StripeError(401, "invalid_request_error", `Invalid API Key provided: ${maskKey(key)}`);
}

/**
 * One `/v1` request: authenticate, parse the bracket-notation parameters, replay or record it under its
 * `Idempotency-Key`, run the (synchronous) endpoint, answer JSON with a `request-id`.
 */
export async function handleApi(
  ctx: StripeContext,
  idempotency: IdempotencyStore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestId: string,
): Promise<void> {
  const method = req.method ?? "GET";
  const pathname = url.pathname.slice("/v1".length);
  const headers: Record<string, string> = { "request-id": requestId, "stripe-version": header(req, "stripe-version") ?? API_VERSION };
  const key = method === "POST" ? (header(req, "idempotency-key") ?? null) : null;
  const endpoint = `${method} ${url.pathname}`;
  let executing = false;
  let canonical = "";
  const reply = (status: number, text: string) => {
    if (key && executing) idempotency.save(key, endpoint, canonical, { status, body: text, requestId });
    sendJsonText(res, status, text, key ? { ...headers, "idempotency-key": key } : headers);
  };
  try {
    authenticate(ctx, req);
    const found = match(method, pathname);
    if (!found) throw unrecognizedUrl(method, url.pathname);
    const params = parseForm(method === "POST" ? await readBody(req) : url.search.slice(1));
    canonical = canonicalParams(params);
    if (key) {
      const replay = idempotency.lookup(key, endpoint, canonical);
      if (replay) {
        return sendJsonText(res, replay.status, replay.body, {
          ...headers,
          "idempotency-key": key,
          "idempotent-replayed": "true",
          "original-request": replay.requestId,
        });
      }
    }
    const reader = new ParamReader(params);
    const expand = reader.expand();
    executing = true;
    const body = found.route.handle({ ctx, params: reader, expand, origin: { id: requestId, idempotencyKey: key } }, found.ids);
    reply(200, JSON.stringify(body, null, 2));
  } catch (error) {
    if (error instanceof StripeError) {
      // Stripe keeps a key's result only once the endpoint has started executing; a bad request can be retried.
      executing &&= !error.validation;
      return reply(error.status, JSON.stringify(error.toJSON(requestId), null, 2));
    }
    ctx.log(`stripe: ${method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    executing = false;
    const failure = new StripeError(500, "api_error", "An unexpected error occurred in the local Stripe service; see its log.");
    reply(500, JSON.stringify(failure.toJSON(requestId), null, 2));
  }
}
