import { ListPager, ListSearch } from "@/components/operator/list-controls";
import { OrdersTable } from "@/components/operator/orders-table";
import { parseListQuery } from "@/lib/operator/list-query";
import { ORDER_LIST_DEFAULTS, ORDER_SORTS } from "@/lib/operator/order-list";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { orderListPage } from "@/server/operator/orders";

export const metadata = { title: "Orders · Operator" };

export default async function OperatorOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperatorPage();
  const query = parseListQuery(await searchParams, ORDER_SORTS, ORDER_LIST_DEFAULTS);
  const page = await orderListPage(query);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      <p className="text-sm text-muted-foreground">Every checkout and payment, newest first. Open one to see its timeline, resend its emails, move its seat or refund it.</p>
      <ListSearch label="Search orders" query={query} placeholder="Email, order id or reference, Stripe id" />
      <OrdersTable rows={page.rows} query={query} />
      <ListPager label="Order pages" path="/operator/orders" query={query} next={page.next} />
    </div>
  );
}
