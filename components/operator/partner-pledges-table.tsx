"use client";

import { ORG_TYPES, REGIONS } from "@/lib/campaign/campaign-options";
import type { HandledFilter, PartnerPledgeRow } from "@/lib/operator/campaign-lists";
import { CAMPAIGN_LIST_DEFAULTS } from "@/lib/operator/campaign-lists";
import { DataTable, dataColumns } from "./data-table";
import { HandledButton } from "./handled-button";
import { HandledState, utcMinute } from "./handled-state";

// D17, Campaign: confirmed partner pledges, newest first, each marked handled once the team has
// welcomed the organisation.

const label = <T extends string>(options: readonly { value: T; label: string }[], value: T) =>
  options.find((o) => o.value === value)?.label ?? value;

const columns = dataColumns<PartnerPledgeRow>([
  {
    id: "received",
    header: "Received (UTC)",
    accessorFn: (row) => utcMinute(row.receivedAt),
    meta: { className: "whitespace-nowrap tabular-nums" },
  },
  { id: "name", header: "Name", accessorKey: "name" },
  {
    id: "email",
    header: "Email",
    cell: ({ row }) => (
      <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${row.original.email}`}>
        {row.original.email}
      </a>
    ),
    meta: { className: "break-words" },
  },
  {
    id: "organisation",
    header: "Organisation",
    cell: ({ row }) => (
      <span>
        <span className="font-medium">{row.original.orgName}</span>
        <span className="block text-xs text-muted-foreground">
          {label(ORG_TYPES, row.original.orgType)} · {label(REGIONS, row.original.region)}
        </span>
      </span>
    ),
  },
  { id: "handled", header: "State", cell: ({ row }) => <HandledState handled={row.original.handled} /> },
  {
    id: "action",
    header: "Action",
    cell: ({ row }) => <HandledButton kind="partners" id={row.original.id} handled={row.original.handled !== null} />,
  },
]);

const EMPTY: Record<HandledFilter, string> = {
  all: "No partner pledges yet",
  unhandled: "Every partner pledge is handled",
  handled: "No partner pledge is marked handled",
};

export function PartnerPledgesTable({ rows, show }: { rows: PartnerPledgeRow[]; show: HandledFilter }) {
  return (
    <DataTable
      caption="Partner pledges, newest first"
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      path="/operator/campaign/partners"
      query={{ q: "", ...CAMPAIGN_LIST_DEFAULTS }}
      empty={{
        title: EMPTY[show],
        body: show === "all" ? "An organisation's partner pledge is listed here once its address confirms it." : undefined,
      }}
    />
  );
}
