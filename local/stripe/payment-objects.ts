import type { Metadata } from "./metadata";
import { seconds, type StripeContext } from "./stripe-context";
import { newId, randomChars } from "./random-ids";
import type { CardDetails, ChargeObject, InvoicePaymentObject, PaymentIntentObject, Payer } from "./stripe-objects";

type IntentFields = {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paymentMethod: string;
  receiptEmail: string | null;
  offSession: boolean;
};

/** A card PaymentIntent, confirmed: `processing` until a charge succeeds (`succeedPaymentIntent`). */
export function newPaymentIntent(ctx: StripeContext, f: IntentFields): PaymentIntentObject {
  const id = newId("pi");
  const intent: PaymentIntentObject = {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: f.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${randomChars(25)}`,
    confirmation_method: "automatic",
    created: seconds(ctx),
    currency: f.currency,
    customer: f.customer,
    customer_account: null,
    description: f.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: f.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: f.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: f.receiptEmail,
    review: null,
    setup_future_usage: f.offSession ? "off_session" : null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "processing",
    transfer_data: null,
    transfer_group: null,
  };
  ctx.store.paymentIntents.add(intent);
  return intent;
}

function cardDetails(card: CardDetails, amount: number) {
  return {
    amount_authorized: amount,
    authorization_code: null,
    brand: card.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
    country: "US",
    exp_month: card.expMonth,
    exp_year: card.expYear,
    extended_authorization: { status: "disabled" },
    fingerprint: card.fingerprint,
    funding: "credit",
    incremental_authorization: { status: "unavailable" },
    installments: null,
    last4: card.last4,
    mandate: null,
    multicapture: { status: "unavailable" },
    network: card.brand,
    network_token: { used: false },
    network_transaction_id: randomChars(15, "0123456789"),
    overcapture: { maximum_amount_capturable: amount, status: "unavailable" },
    regulated_status: "unregulated",
    three_d_secure: null,
    transaction_link_id: null,
    wallet: null,
  };
}

/** Captures the intent's amount with a succeeded charge and marks the intent `succeeded`. */
export function succeedPaymentIntent(ctx: StripeContext, intent: PaymentIntentObject, payer: Payer): ChargeObject {
  const id = newId("ch");
  const charge: ChargeObject = {
    id,
    object: "charge",
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: payer.email,
      name: payer.name,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: "LOCAL STRIPE",
    captured: true,
    created: seconds(ctx),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: "approved_by_network",
      reason: null,
      risk_level: "normal",
      risk_score: 20,
      seller_message: "Payment complete.",
      type: "authorized",
    },
    paid: true,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    payment_method_details: { card: cardDetails(payer.card, intent.amount), type: "card" },
    receipt_email: payer.email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: "list", data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "succeeded",
    transfer_data: null,
    transfer_group: null,
  };
  ctx.store.charges.add(charge);
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  intent.latest_charge = charge.id;
  return charge;
}

/** The link between an invoice and the PaymentIntent that pays it (`GET /v1/invoice_payments`). */
export function newInvoicePayment(ctx: StripeContext, invoice: string, intent: PaymentIntentObject): InvoicePaymentObject {
  const payment: InvoicePaymentObject = {
    id: newId("inpay"),
    object: "invoice_payment",
    amount_paid: null,
    amount_requested: intent.amount,
    created: seconds(ctx),
    currency: intent.currency,
    invoice,
    is_default: true,
    livemode: false,
    payment: { type: "payment_intent", payment_intent: intent.id },
    status: "open",
    status_transitions: { canceled_at: null, paid_at: null },
  };
  ctx.store.invoicePayments.add(payment);
  return payment;
}

export function markInvoicePaymentPaid(ctx: StripeContext, payment: InvoicePaymentObject): void {
  payment.status = "paid";
  payment.amount_paid = payment.amount_requested;
  payment.status_transitions = { canceled_at: null, paid_at: seconds(ctx) };
}
