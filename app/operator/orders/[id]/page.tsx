import Link from "next/link";
import { notFound } from "next/navigation";
import { OrderActions } from "@/components/operator/order-actions";
import { OrderRefundsTable } from "@/components/operator/order-refunds-table";
import { OrderTimeline } from "@/components/operator/order-timeline";
import { cohortDatesLabel } from "@/components/operator/cohort-labels";
import { ORDER_STATUS_LABELS } from "@/lib/operator/order-list";
import { orderIdParamsSchema } from "@/lib/operator/order-schemas";
import { formatMoney } from "@/lib/pricing/money";
import { cohortPhase } from "@/lib/cohorts/cohort-phase";
import { runningCohortWarning } from "@/lib/operator/cohort-rules";
import { listCohortsTakingSeats } from "@/server/db/operator/operator-cohorts";
import { memberTimeZone } from "@/server/db/accounts/users";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { orderTimeline } from "@/server/operator/order-timeline";
import { operatorOrderDetails } from "@/server/operator/orders";

export const metadata = { title: "Order · Operator" };

const when = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 16)} UTC` : "—");

export default async function OperatorOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperatorPage();
  const parsed = orderIdParamsSchema.safeParse(await params);
  const order = parsed.success ? await operatorOrderDetails(parsed.data.id) : null;
  if (!order) notFound();
  const [timeline, cohorts, timeZone] = await Promise.all([orderTimeline(order), listCohortsTakingSeats(), memberTimeZone(operator.id)]);
  const money = (cents: number) => formatMoney(cents, order.currency);
  const setupLink = order.hasAccount
    ? "Not needed: the buyer has an account"
    : order.setupLink
      ? order.setupLink.usedAt
        ? `Used ${when(order.setupLink.usedAt)}`
        : `Works until ${when(order.setupLink.expiresAt)}`
      : "Not sent yet";
  const facts: [string, React.ReactNode][] = [
    ["Buyer", order.email ?? "(no address yet)"],
    ["Account", order.hasAccount ? "Has an account" : "No account yet"],
    ["Plan", `${order.planName}${order.hasCgm ? " with CGM" : ""}`],
    ["Paid", order.paidAt ? `${money(order.totalCents)} on ${when(order.paidAt)}` : "Not paid"],
    [
      "Amounts",
      `${money(order.subtotalCents)} − ${money(order.discountCents)} discount + ${money(order.taxCents)} tax = ${money(order.totalCents)}`,
    ],
    ["Refunded", money(order.refundedCents)],
    ["Cohort bought", order.orderedCohort.name],
    ["Seat", order.seat ? `${order.seat.status === "enrolled" ? "Paid seat" : "Held seat"} in ${order.seat.cohortName}` : "No seat"],
    ["Set-up link", setupLink],
    ["Coupon", order.couponCode ?? "—"],
    ["Referred by", order.referralId ?? "—"],
  ];
  const stripeIds: [string, string | null][] = [
    ["Checkout session", order.stripe.checkoutSessionId],
    ["Customer", order.stripe.customerId],
    ["Subscription", order.stripe.subscriptionId],
    ["Invoice", order.stripe.invoiceId],
    ["PaymentIntent", order.stripe.paymentIntentId],
    ["Charge", order.stripe.chargeId],
  ];
  const moveTargets = cohorts
    .filter((c) => (c.status === "upcoming" || c.status === "active") && c.id !== order.seat?.cohortId)
    .map((c) => ({
      id: c.id,
      label: `${c.cohort_name} · ${cohortDatesLabel(c)} · ${c.seats.free} free${c.closed_at ? " · closed to buyers" : ""}`,
      // D19: the day as the cohort page counts it, on the operator's own calendar (as the server checks it).
      runningWarning: runningCohortWarning(cohortPhase(c, new Date(), timeZone ?? "UTC")),
    }));

  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-4">
        <Link href="/operator/orders" className="text-sm text-primary underline-offset-4 hover:underline">
          ← All orders
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Order {order.reference}</h1>
        <p className="text-sm text-muted-foreground">
          {ORDER_STATUS_LABELS[order.status]} · opened {when(order.createdAt)}
          {order.replacedAt ? ` · replaced by a newer checkout ${when(order.replacedAt)}` : ""}
        </p>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="break-all text-sm">{value}</dd>
            </div>
          ))}
        </dl>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Stripe ids</summary>
          <dl className="mt-2 grid gap-2 sm:grid-cols-2">
            {stripeIds.map(([label, value]) => (
              <div key={label} className="flex flex-col">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="break-all font-mono text-xs">{value ?? "—"}</dd>
              </div>
            ))}
            <div className="flex flex-col">
              <dt className="text-xs text-muted-foreground">Order id</dt>
              <dd className="break-all font-mono text-xs">{order.id}</dd>
            </div>
          </dl>
        </details>
      </div>

      <section aria-labelledby="actions-heading" className="flex flex-col gap-4">
        <h2 id="actions-heading" className="text-xl font-semibold">
          Actions
        </h2>
        <OrderActions
          orderId={order.id}
          paid={order.status === "paid"}
          email={order.email}
          canSendSetupLink={!order.hasAccount && !order.setupLink?.usedAt}
          seatCohortId={order.seat?.status === "enrolled" ? order.seat.cohortId : null}
          cohorts={moveTargets}
          refundableCents={order.refundableCents}
          currency={order.currency}
        />
      </section>

      <section aria-labelledby="refunds-heading" className="flex flex-col gap-4">
        <h2 id="refunds-heading" className="text-xl font-semibold">
          Refunds asked for here
        </h2>
        <OrderRefundsTable refunds={order.refunds} currency={order.currency} />
      </section>

      <section aria-labelledby="timeline-heading" className="flex flex-col gap-4">
        <h2 id="timeline-heading" className="text-xl font-semibold">
          Timeline
        </h2>
        <OrderTimeline entries={timeline} />
      </section>
    </div>
  );
}
