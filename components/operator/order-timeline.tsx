import type { TimelineEntry, TimelineKind } from "@/lib/operator/order-details";
import { EmptyState } from "./operator-table";

// D17, Orders: an order's timeline, oldest first, as the database recorded it.

const KIND_LABELS: Record<TimelineKind, string> = {
  checkout: "Checkout",
  payment: "Payment",
  seat: "Seat",
  email: "Email",
  refund: "Refund",
  dispute: "Dispute",
  stripe: "Stripe",
  operator: "Operator",
  waitlist: "Waitlist",
};

export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <EmptyState title="Nothing recorded yet" />;
  return (
    <ol className="flex flex-col gap-3 border-l pl-5">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="flex flex-col gap-0.5">
          <p className="text-xs tabular-nums text-muted-foreground">
            <time dateTime={entry.at}>{entry.at.replace("T", " ").slice(0, 19)} UTC</time> · {KIND_LABELS[entry.kind]}
          </p>
          <p className="text-sm font-medium">{entry.title}</p>
          {entry.detail ? <p className="break-words text-xs text-muted-foreground">{entry.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}
