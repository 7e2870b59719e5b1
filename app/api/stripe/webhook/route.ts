// POST /api/stripe/webhook - Stripe's signed events (D4).
import { readBodyText, route } from "@/server/http";
import { handleStripeWebhook, webhookOutcomeSchema } from "@/server/payments/stripe-webhook";

const MAX_EVENT_BYTES = 1024 * 1024;

export const POST = route({ response: webhookOutcomeSchema }, async ({ request }) =>
  handleStripeWebhook(await readBodyText(request, MAX_EVENT_BYTES), request.headers.get("stripe-signature")),
);
