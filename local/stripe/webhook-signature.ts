import { createHmac } from "node:crypto";

/**
 * The `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, keyed with the
 * endpoint's whole `whsec_...` string (Stripe does not decode it), so `stripe.webhooks.constructEvent` verifies it.
 */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}
