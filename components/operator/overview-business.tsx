import Link from "next/link";
import { cohortDatesLabel } from "@/components/operator/cohort-labels";
import type { MoneyTotal, OperatorOverview, SalesFigures } from "@/lib/operator/overview";
import { formatMoney } from "@/lib/pricing/money";

// The operator's home page: how the business is doing, each figure linked to the list behind it.

const linkClass = "text-primary underline-offset-4 hover:underline";

/** Amounts in each currency, joined ("$1,200.00 + €90.00"); nothing is "$0.00". */
function money(totals: readonly MoneyTotal[]): string {
  return totals.length === 0 ? formatMoney(0) : totals.map((total) => formatMoney(total.cents, total.currency)).join(" + ");
}

function Figure({ label, value, href }: { label: string; value: string; href: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums wrap-anywhere">
        <Link className={linkClass} href={href}>
          {value}
        </Link>
      </dd>
    </div>
  );
}

function SalesCard({ figures }: { figures: SalesFigures }) {
  const id = `sales-${figures.days}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <h4 id={id} className="text-sm font-semibold">
        Last {figures.days} days
      </h4>
      <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        <Figure label="Seats sold" value={figures.seats.toLocaleString("en-US")} href="/operator/orders" />
        <Figure label="Revenue" value={money(figures.revenue)} href="/operator/orders" />
        <Figure label="Refunded" value={money(figures.refunded)} href="/operator/orders" />
      </dl>
    </section>
  );
}

export function OverviewSales({ sales }: { sales: OperatorOverview["sales"] }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Seats sold and revenue count the orders paid in the window, before refunds; refunded is what went back to buyers in the window,
        whichever order it was of.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {sales.map((figures) => (
          <SalesCard key={figures.days} figures={figures} />
        ))}
      </div>
    </div>
  );
}

export function OverviewNextCohorts({ cohorts }: { cohorts: OperatorOverview["nextCohorts"] }) {
  if (cohorts.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-dashed bg-background p-4 text-sm text-muted-foreground">
        No cohort is about to start.{" "}
        <Link className={linkClass} href="/operator/cohorts/new">
          Create one
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-lg border bg-background">
      {cohorts.map((cohort) => {
        const filled = cohort.participant_cap > 0 ? Math.min(100, Math.round((cohort.seats.paid / cohort.participant_cap) * 100)) : 0;
        return (
          <li key={cohort.id} className="flex flex-col gap-1.5 px-4 py-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <Link className={`font-medium wrap-anywhere ${linkClass}`} href={`/operator/cohorts/${cohort.id}`}>
                {cohort.cohort_name}
              </Link>
              <span className="text-muted-foreground">{cohortDatesLabel(cohort)}</span>
            </div>
            <p className="tabular-nums">
              {cohort.seats.paid.toLocaleString("en-US")} of {cohort.participant_cap.toLocaleString("en-US")} seats paid ({filled}%)
            </p>
            <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
              <div className="h-full rounded-full bg-primary" style={{ width: `${filled}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function OverviewPledges({ pledges }: { pledges: OperatorOverview["pledgesToday"] }) {
  return (
    <dl className="rounded-lg border bg-background p-4">
      <Figure
        label={`Pledges confirmed today (${pledges.day}, UTC)`}
        value={pledges.pledges.toLocaleString("en-US")}
        href="/operator/campaign"
      />
    </dl>
  );
}
