import Link from "next/link";
import { listHref, type ListQuery } from "@/lib/operator/list-query";
import {
  ORDER_FILTER_STATUS_LABELS,
  ORDER_FILTER_STATUSES,
  orderFilterParams,
  type OrderFilters,
  type OrderTotals,
} from "@/lib/operator/order-list";
import { formatMoney } from "@/lib/pricing/money";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { ListSearch } from "./list-controls";

// D17, Orders: the list's search and filters in one GET form (the result is a URL to share), the
// totals of everything they match, and the CSV of it. Plain markup: no client code.

const field = "h-9 rounded-md border bg-background px-2 text-sm";

export function OrderFilterForm({
  query,
  filters,
  cohorts,
  problems,
}: {
  query: Pick<ListQuery<string>, "q" | "sort" | "dir">;
  filters: OrderFilters;
  cohorts: { id: string; name: string }[];
  problems: string[];
}) {
  const filtered = query.q !== "" || orderFilterParams(filters).length > 0;
  return (
    <div className="flex flex-col gap-2">
      <ListSearch
        label="Search orders"
        query={query}
        placeholder="Email, order id or reference, Stripe or refund id, cohort"
        submitLabel="Show orders"
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select name="status" defaultValue={filters.status ?? ""} className={field}>
            <option value="">Any status</option>
            {ORDER_FILTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_FILTER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Cohort
          <select name="cohort" defaultValue={filters.cohort ?? ""} className={`${field} max-w-64`}>
            <option value="">Any cohort</option>
            {cohorts.map((cohort) => (
              <option key={cohort.id} value={cohort.id}>
                {cohort.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Created from (UTC)
          <input type="date" name="from" defaultValue={filters.from ?? ""} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Created to (UTC)
          <input type="date" name="to" defaultValue={filters.to ?? ""} className={field} />
        </label>
      </ListSearch>
      {filtered ? (
        <p className="text-sm">
          <Link className="text-primary underline-offset-4 hover:underline" href="/operator/orders">
            Clear search and filters
          </Link>
        </p>
      ) : null}
      {problems.length > 0 ? (
        <Alert role="status">
          <AlertDescription>
            <ul className="list-inside list-disc">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** The CSV of every order the search and filters match (not only the page), in the list's order. */
export function ordersCsvHref(query: Pick<ListQuery<string>, "q" | "sort" | "dir">, filters: OrderFilters): string {
  const params = new URLSearchParams(orderFilterParams(filters)).toString();
  return listHref(params ? `/api/operator/orders.csv?${params}` : "/api/operator/orders.csv", {
    q: query.q,
    sort: query.sort,
    dir: query.dir,
  });
}

/** The totals above the list: how many orders match, and their money per currency. */
export function OrderTotalsSummary({ totals, csvHref }: { totals: OrderTotals; csvHref: string }) {
  return (
    <section aria-labelledby="order-totals" className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="order-totals" className="text-base font-semibold">
          Totals for these orders
        </h2>
        <a className="text-sm font-medium text-primary underline-offset-4 hover:underline" href={csvHref} download>
          Export CSV
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <Figure label="Orders" value={totals.count.toLocaleString("en-US")} />
        {totals.byCurrency.length === 0 ? (
          <>
            <Figure label="Paid" value={formatMoney(0)} />
            <Figure label="Refunded" value={formatMoney(0)} />
            <Figure label="Net" value={formatMoney(0)} />
          </>
        ) : null}
      </dl>
      {totals.byCurrency.map((money) => {
        // Money is never added across currencies: with more than one, each figure names its own.
        const named = (label: string) => (totals.byCurrency.length > 1 ? `${label} (${money.currency.toUpperCase()})` : label);
        return (
          <dl key={money.currency} className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
            <Figure label={named("Paid")} value={formatMoney(money.paidCents, money.currency)} />
            <Figure label={named("Refunded")} value={formatMoney(money.refundedCents, money.currency)} />
            {money.disputedCents > 0 ? (
              <Figure label={named("Lost to disputes")} value={formatMoney(money.disputedCents, money.currency)} />
            ) : null}
            <Figure label={named("Net")} value={formatMoney(money.netCents, money.currency)} />
          </dl>
        );
      })}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
