import Link from "next/link";
import { notFound } from "next/navigation";
import { AffiliateLedger, AffiliatePayouts } from "@/components/operator/affiliate-ledger";
import { AFFILIATES_PATH } from "@/components/operator/affiliate-list";
import { AuditTable } from "@/components/operator/audit-table";
import { ListPager } from "@/components/operator/list-controls";
import { MarkPaidForm } from "@/components/operator/mark-paid-form";
import { PayoutHoldPanel } from "@/components/operator/payout-hold-panel";
import { affiliateIdParamsSchema } from "@/lib/operator/affiliate-schemas";
import { parseListQuery } from "@/lib/operator/list-query";
import { formatMoney } from "@/lib/pricing/money";
import type { SearchParams } from "@/lib/search-params";
import { listAuditEntries } from "@/server/db/operator/operator-audit";
import { listPayouts } from "@/server/db/operator/operator-affiliates";
import { affiliateLedgerPage, operatorAffiliate } from "@/server/operator/affiliates";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Affiliate · Operator" };

const PAYOUTS_SHOWN = 20;
const HISTORY_SIZE = 20;

export default async function OperatorAffiliatePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  await requireOperatorPage();
  const parsed = affiliateIdParamsSchema.safeParse(await params);
  const affiliate = parsed.success ? await operatorAffiliate(parsed.data.id) : null;
  if (!affiliate) notFound();
  const path = `${AFFILIATES_PATH}/${affiliate.userId}`;
  // The ledger has one order, newest first; ?after= continues after an entry.
  const query = parseListQuery(await searchParams, ["when"], { sort: "when", dir: "desc" });
  const [ledger, payouts, history] = await Promise.all([
    affiliateLedgerPage(affiliate.userId, query.after),
    listPayouts(affiliate.userId, PAYOUTS_SHOWN + 1),
    listAuditEntries({ limit: HISTORY_SIZE, subject: { type: "affiliate", id: affiliate.userId } }),
  ]);
  const { figures } = affiliate;
  const stats = [
    ["Visitors", String(figures.visitors)],
    ["Leads", String(figures.leads)],
    ["Conversions", String(figures.conversions)],
    ["Earned", formatMoney(figures.earnedCents)],
    ["Pending", formatMoney(figures.pendingCents)],
    ["Due", formatMoney(figures.dueCents)],
    ["Paid", formatMoney(figures.paidCents)],
  ] as const;

  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-4">
        <Link href={AFFILIATES_PATH} className="text-sm text-primary underline-offset-4 hover:underline">
          ← All affiliates
        </Link>
        <h1 className="break-words text-2xl font-bold tracking-tight">{affiliate.email ?? "(no email)"}</h1>
        <p className="text-sm text-muted-foreground">
          Code <span className="font-mono">{affiliate.code}</span> · coupon <span className="font-mono">{affiliate.couponCode}</span> ·
          joined {affiliate.joinedAt.toISOString().slice(0, 10)}
          {affiliate.hold ? " · payouts on hold" : ""}
        </p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {stats.map(([label, value]) => (
            <div key={label} className="rounded-lg border bg-background p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <section aria-labelledby="pay-heading" className="flex flex-col gap-4">
        <h2 id="pay-heading" className="text-xl font-semibold">
          Mark due commission paid
        </h2>
        {affiliate.hold ? (
          <p className="text-sm">Payouts are on hold: nothing is paid, here or by npm run payouts, until the hold is released.</p>
        ) : figures.dueCents > 0 ? (
          <MarkPaidForm affiliateId={affiliate.userId} dueCents={figures.dueCents} />
        ) : (
          <p className="text-sm">
            Nothing is due.
            {figures.dueCents < 0
              ? ` The balance is ${formatMoney(figures.dueCents)}: reversals of commission already paid out, taken off the next commission.`
              : ""}
          </p>
        )}
      </section>

      <section aria-labelledby="hold-heading" className="flex flex-col gap-4">
        <h2 id="hold-heading" className="text-xl font-semibold">
          Payout hold
        </h2>
        <PayoutHoldPanel affiliateId={affiliate.userId} hold={affiliate.hold} />
      </section>

      <section aria-labelledby="ledger-heading" className="flex flex-col gap-4">
        <h2 id="ledger-heading" className="text-xl font-semibold">
          Ledger
        </h2>
        <AffiliateLedger entries={ledger.rows} path={path} />
        <ListPager label="Ledger pages" path={path} query={query} next={ledger.next} />
      </section>

      <section aria-labelledby="payouts-heading" className="flex flex-col gap-4">
        <h2 id="payouts-heading" className="text-xl font-semibold">
          Payouts
        </h2>
        <AffiliatePayouts
          payouts={payouts.slice(0, PAYOUTS_SHOWN)}
          path={path}
          caption={`The affiliate's payouts, newest first${payouts.length > PAYOUTS_SHOWN ? ` (the ${PAYOUTS_SHOWN} newest)` : ""}`}
        />
      </section>

      <section aria-labelledby="history-heading" className="flex flex-col gap-4">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <AuditTable entries={history} caption={`The latest ${HISTORY_SIZE} operator changes to this affiliate`} />
      </section>
    </div>
  );
}
