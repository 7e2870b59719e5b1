"use client";

import type { AffiliatePayout, OperatorLedgerEntry } from "@/lib/operator/affiliates";
import { commissionReasonText, type EntryState } from "@/lib/referrals/commission";
import { formatMoney } from "@/lib/pricing/money";
import { DataTable, dataColumns } from "./data-table";

// One affiliate's ledger (D14) and payouts as the operator sees them (D17): every entry with the
// referred buyer unmasked, so a self-referral a second mailbox hides can be spotted before paying.

const utc = (date: Date) => date.toISOString().replace("T", " ").slice(0, 16);
const number = { className: "text-right tabular-nums whitespace-nowrap" };
const nowrap = { className: "whitespace-nowrap tabular-nums" };
const mono = { className: "font-mono text-xs break-all" };

const STATE: Record<EntryState, string> = { pending: "Pending", due: "Due", paid: "Paid", none: "No commission" };

const ledgerColumns = dataColumns<OperatorLedgerEntry>([
  { id: "when", header: "When (UTC)", accessorFn: (entry) => utc(entry.createdAt), meta: nowrap },
  {
    id: "what",
    header: "Entry",
    accessorFn: (entry) => commissionReasonText(entry.reason, entry.planName),
    meta: { className: "min-w-56" },
  },
  { id: "buyer", header: "Referred buyer", accessorFn: (entry) => entry.buyerEmail ?? "—", meta: { className: "break-words" } },
  { id: "amount", header: "Amount", accessorFn: (entry) => formatMoney(entry.amountCents, entry.currency), meta: number },
  { id: "state", header: "State", accessorFn: (entry) => STATE[entry.state], meta: { className: "whitespace-nowrap" } },
  { id: "due", header: "Due from (UTC)", accessorFn: (entry) => (entry.state === "none" ? "—" : utc(entry.availableAt)), meta: nowrap },
  { id: "order", header: "Order", accessorKey: "orderId", meta: mono },
  { id: "payout", header: "Payout", accessorFn: (entry) => entry.payoutId ?? "—", meta: mono },
]);

export function AffiliateLedger({ entries, path }: { entries: OperatorLedgerEntry[]; path: string }) {
  return (
    <DataTable
      caption="The affiliate's ledger, newest first"
      columns={ledgerColumns}
      rows={entries}
      rowId={(entry) => entry.id}
      path={path}
      query={{ q: "", sort: "when", dir: "desc" }}
      empty={{
        title: "No ledger entries yet",
        body: "Each paid invoice of an order this affiliate referred adds 20% of it here; a refund adds a reversal.",
      }}
    />
  );
}

const payoutColumns = dataColumns<AffiliatePayout>([
  { id: "when", header: "When (UTC)", accessorFn: (payout) => utc(payout.createdAt), meta: nowrap },
  { id: "amount", header: "Amount", accessorFn: (payout) => formatMoney(payout.amountCents, payout.currency), meta: number },
  { id: "entries", header: "Entries", accessorKey: "entries", meta: number },
  { id: "reference", header: "Reference", accessorFn: (payout) => payout.reference ?? "—", meta: { className: "break-all" } },
  { id: "by", header: "Recorded by", accessorFn: (payout) => payout.paidBy ?? "npm run payouts", meta: { className: "break-words" } },
  { id: "id", header: "Payout", accessorKey: "id", meta: mono },
]);

export function AffiliatePayouts({ payouts, caption, path }: { payouts: AffiliatePayout[]; caption: string; path: string }) {
  return (
    <DataTable
      caption={caption}
      columns={payoutColumns}
      rows={payouts}
      rowId={(payout) => payout.id}
      path={path}
      query={{ q: "", sort: "when", dir: "desc" }}
      empty={{ title: "Nothing paid yet", body: "Payouts recorded here or with npm run payouts -- --mark-paid are listed here." }}
    />
  );
}
