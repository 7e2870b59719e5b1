"use client";

import type { ContactMessageRow, HandledFilter } from "@/lib/operator/campaign-lists";
import { CAMPAIGN_LIST_DEFAULTS } from "@/lib/operator/campaign-lists";
import { DataTable, dataColumns } from "./data-table";
import { HandledButton } from "./handled-button";
import { HandledState, utcMinute } from "./handled-state";

// D17, Campaign: the /become-partner contact form's messages, newest first, each marked handled
// once answered (SPEC §8 promises a reply within 24 hours).

const columns = dataColumns<ContactMessageRow>([
  {
    id: "received",
    header: "Received (UTC)",
    accessorFn: (row) => utcMinute(row.receivedAt),
    meta: { className: "whitespace-nowrap tabular-nums" },
  },
  {
    id: "from",
    header: "From",
    cell: ({ row }) => (
      <span>
        <span className="font-medium">{row.original.name}</span>
        <a className="block break-words text-primary underline-offset-4 hover:underline" href={`mailto:${row.original.email}`}>
          {row.original.email}
        </a>
        {row.original.orgName ? <span className="block text-xs text-muted-foreground">{row.original.orgName}</span> : null}
      </span>
    ),
  },
  {
    id: "message",
    header: "Message",
    cell: ({ row }) => <p className="max-w-xl whitespace-pre-wrap break-words">{row.original.message}</p>,
  },
  { id: "handled", header: "State", cell: ({ row }) => <HandledState handled={row.original.handled} /> },
  {
    id: "action",
    header: "Action",
    cell: ({ row }) => <HandledButton kind="messages" id={row.original.id} handled={row.original.handled !== null} />,
  },
]);

const EMPTY: Record<HandledFilter, string> = {
  all: "No contact messages yet",
  unhandled: "Every contact message is handled",
  handled: "No contact message is marked handled",
};

export function ContactMessagesTable({ rows, show }: { rows: ContactMessageRow[]; show: HandledFilter }) {
  return (
    <DataTable
      caption="Contact messages, newest first"
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      path="/operator/campaign/messages"
      query={{ q: "", ...CAMPAIGN_LIST_DEFAULTS }}
      empty={{ title: EMPTY[show] }}
    />
  );
}
