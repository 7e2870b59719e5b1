import type { OrderRefund } from "@/lib/operator/order-details";
import { REFUND_REASON_LABELS } from "@/lib/operator/order-schemas";
import { formatMoney } from "@/lib/pricing/money";
import { EmptyState, OperatorTable, Td, Th } from "./operator-table";

// D17, Refunds: the refunds operators asked for on an order, and how Stripe answered.

const STATUS_LABELS: Record<OrderRefund["status"], string> = {
  pending: "Waiting for Stripe",
  succeeded: "Made at Stripe",
  failed: "Failed",
};

const when = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 16) : "—");

export function OrderRefundsTable({ refunds, currency }: { refunds: OrderRefund[]; currency: string }) {
  if (refunds.length === 0)
    return <EmptyState title="No refunds asked for here">Refunds made in Stripe&apos;s dashboard show in the timeline.</EmptyState>;
  return (
    <OperatorTable caption="Refunds asked for on this order, oldest first">
      <thead>
        <tr>
          <Th>Asked (UTC)</Th>
          <Th className="text-right">Amount</Th>
          <Th>Reason</Th>
          <Th>Status</Th>
          <Th>Stripe</Th>
        </tr>
      </thead>
      <tbody>
        {refunds.map((refund) => (
          <tr key={refund.id}>
            <Td className="whitespace-nowrap tabular-nums">{when(refund.createdAt)}</Td>
            <Td className="whitespace-nowrap text-right tabular-nums">{formatMoney(refund.amountCents, currency)}</Td>
            <Td>
              {REFUND_REASON_LABELS[refund.reason]}
              {refund.note ? <span className="block text-xs text-muted-foreground">{refund.note}</span> : null}
            </Td>
            <Td>
              {STATUS_LABELS[refund.status]}
              {refund.failure ? <span className="block break-words text-xs text-muted-foreground">{refund.failure}</span> : null}
            </Td>
            <Td className="break-all font-mono text-xs">{refund.stripeRefundId ?? "—"}</Td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}
