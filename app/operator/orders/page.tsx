import { ListPager } from "@/components/operator/list-controls";
import { OrderFilterForm, ordersCsvHref, OrderTotalsSummary } from "@/components/operator/order-filters";
import { OrdersTable } from "@/components/operator/orders-table";
import { parseListQuery } from "@/lib/operator/list-query";
import { ORDER_LIST_DEFAULTS, ORDER_SORTS, ordersPath, parseOrderFilters } from "@/lib/operator/order-list";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { orderCohortChoices, orderListPage, orderTotals } from "@/server/operator/orders";

export const metadata = { title: "Orders · Operator" };

export default async function OperatorOrdersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireOperatorPage();
  const params = await searchParams;
  const query = parseListQuery(params, ORDER_SORTS, ORDER_LIST_DEFAULTS);
  const { filters, problems } = parseOrderFilters(params);
  const [page, totals, cohorts] = await Promise.all([orderListPage(query, filters), orderTotals(query, filters), orderCohortChoices()]);
  const path = ordersPath(filters);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      <p className="text-sm text-muted-foreground">
        Every checkout and payment, newest first. Open one to see its timeline, resend its emails, move its seat or refund it.
      </p>
      <OrderFilterForm query={query} filters={filters} cohorts={cohorts} problems={problems} />
      <OrderTotalsSummary totals={totals} csvHref={ordersCsvHref(query, filters)} />
      <OrdersTable rows={page.rows} query={query} path={path} filtered={path !== "/operator/orders"} />
      <ListPager label="Order pages" path={path} query={query} next={page.next} />
    </div>
  );
}
