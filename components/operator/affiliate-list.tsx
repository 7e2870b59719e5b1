"use client";

import Link from "next/link";
import type { AffiliateListRow } from "@/lib/operator/affiliates";
import type { ListQuery } from "@/lib/operator/list-query";
import { formatMoney } from "@/lib/pricing/money";
import { DataTable, dataColumns } from "./data-table";

// The Affiliates list (D17): a page of affiliates with their figures, sorted and searched on the server.

export const AFFILIATES_PATH = "/operator/affiliates";

const number = { className: "text-right tabular-nums" };
const money = (cents: number) => formatMoney(cents);

const columns = dataColumns<AffiliateListRow>([
  {
    id: "email",
    header: "Affiliate",
    cell: ({ row }) => (
      <Link
        className="break-words font-medium text-primary underline-offset-4 hover:underline"
        href={`${AFFILIATES_PATH}/${row.original.userId}`}
      >
        {row.original.email ?? "(no email)"}
      </Link>
    ),
  },
  { id: "code", header: "Code", accessorKey: "code", meta: { className: "whitespace-nowrap font-mono text-xs" } },
  {
    id: "joined",
    header: "Joined (UTC)",
    accessorFn: (row) => row.joinedAt.toISOString().slice(0, 10),
    enableSorting: true,
    meta: { className: "whitespace-nowrap tabular-nums" },
  },
  { id: "visitors", header: "Visitors", accessorFn: (row) => row.figures.visitors, meta: number },
  { id: "leads", header: "Leads", accessorFn: (row) => row.figures.leads, meta: number },
  { id: "conversions", header: "Conversions", accessorFn: (row) => row.figures.conversions, enableSorting: true, meta: number },
  { id: "earned", header: "Earned", accessorFn: (row) => money(row.figures.earnedCents), meta: number },
  {
    id: "owed",
    header: "Unpaid",
    accessorFn: (row) => money(row.figures.pendingCents + row.figures.dueCents),
    enableSorting: true,
    meta: number,
  },
  { id: "due", header: "Due", accessorFn: (row) => money(row.figures.dueCents), meta: number },
  { id: "paid", header: "Paid", accessorFn: (row) => money(row.figures.paidCents), meta: number },
  { id: "held", header: "Payouts", accessorFn: (row) => (row.held ? "On hold" : "—"), meta: { className: "whitespace-nowrap" } },
]);

export function AffiliateList({ rows, query }: { rows: AffiliateListRow[]; query: Pick<ListQuery<string>, "q" | "sort" | "dir"> }) {
  return (
    <DataTable
      caption="Affiliates with their visitors, leads, conversions and commission"
      columns={columns}
      rows={rows}
      rowId={(row) => row.userId}
      path={AFFILIATES_PATH}
      query={query}
      empty={
        query.q
          ? { title: "No affiliate matches", body: "Search by the start of an email address or an affiliate code." }
          : { title: "No affiliates yet", body: "Every member who asks for their affiliate link on the dashboard is listed here." }
      }
    />
  );
}
