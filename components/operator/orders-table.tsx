"use client";

import Link from "next/link";
import type { ListQuery } from "@/lib/operator/list-query";
import { ORDER_STATUS_LABELS, type OrderListRow } from "@/lib/operator/order-list";
import { formatMoney } from "@/lib/pricing/money";
import { DataTable, dataColumns } from "./data-table";

// D17, Orders: the order list's columns (created and amount sort on the server).

const when = (iso: string) => iso.replace("T", " ").slice(0, 16);

const columns = dataColumns<OrderListRow>([
  {
    id: "created",
    accessorKey: "createdAt",
    header: "Created (UTC)",
    enableSorting: true,
    cell: (info) => when(info.getValue<string>()),
    meta: { className: "whitespace-nowrap tabular-nums" },
  },
  {
    id: "email",
    accessorKey: "email",
    header: "Email",
    cell: (info) => (
      <Link className="font-medium text-primary underline-offset-4 hover:underline" href={`/operator/orders/${info.row.original.id}`}>
        {info.getValue<string | null>() ?? "(no address yet)"}
      </Link>
    ),
    meta: { className: "break-words" },
  },
  { id: "cohort", accessorKey: "cohortName", header: "Cohort" },
  {
    id: "plan",
    accessorFn: (row) => (row.hasCgm ? `${row.planName} + CGM` : row.planName),
    header: "Plan",
    meta: { className: "whitespace-nowrap" },
  },
  {
    id: "amount",
    accessorKey: "totalCents",
    header: "Amount",
    enableSorting: true,
    cell: (info) => {
      const row = info.row.original;
      const refunded =
        row.refundedCents > 0 && row.refundedCents < row.totalCents ? ` (${formatMoney(row.refundedCents, row.currency)} refunded)` : "";
      return `${formatMoney(row.totalCents, row.currency)}${refunded}`;
    },
    meta: { className: "whitespace-nowrap text-right tabular-nums" },
  },
  { id: "status", accessorKey: "status", header: "Status", cell: (info) => ORDER_STATUS_LABELS[info.row.original.status] },
]);

/** `path`: the list's page with its filters (sorting keeps them); `filtered`: whether any filter is set. */
export function OrdersTable({
  rows,
  query,
  path = "/operator/orders",
  filtered = false,
}: {
  rows: OrderListRow[];
  query: Pick<ListQuery<string>, "q" | "sort" | "dir">;
  path?: string;
  filtered?: boolean;
}) {
  const title = query.q ? "No order matches this search" : filtered ? "No order matches these filters" : "No orders yet";
  return (
    <DataTable
      caption="Orders, with their buyer, cohort, plan, amount and status"
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      path={path}
      query={query}
      empty={{
        title,
        body: query.q
          ? "Search by a buyer's email (or its beginning), an order id or reference, a Stripe id (cs_, pi_, ch_, in_, sub_, cus_), a refund id (re_) or a cohort's name."
          : filtered
            ? "Try another status, cohort or dates, or clear the filters."
            : undefined,
      }}
    />
  );
}
