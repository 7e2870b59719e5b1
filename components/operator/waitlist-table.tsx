"use client";

import { offerStateLabel, type WaitlistEntry } from "@/lib/operator/waitlist-entry";
import { DataTable, dataColumns } from "./data-table";
import { WaitlistRemoveAction } from "./waitlist-remove-action";

// D17: a cohort's waitlist, in queue order, drawn by the area's one table component.

const utc = (date: Date | null) => (date ? date.toISOString().replace("T", " ").slice(0, 16) : "—");
const nowrap = { className: "whitespace-nowrap tabular-nums" };

const columns = (now: Date) =>
  dataColumns<WaitlistEntry>([
    { id: "position", header: "Position", accessorKey: "position", meta: { className: "text-right tabular-nums" } },
    { id: "email", header: "Email", accessorKey: "email", meta: { className: "break-words" } },
    { id: "joined", header: "Joined (UTC)", accessorFn: (entry) => utc(entry.joinedAt), meta: nowrap },
    { id: "confirmed", header: "Confirmed (UTC)", accessorFn: (entry) => utc(entry.confirmedAt), meta: nowrap },
    {
      id: "offer",
      header: "State",
      cell: ({ row: { original: entry } }) => (
        <span className="flex flex-col gap-0.5">
          <span className="whitespace-nowrap">{offerStateLabel(entry, now)}</span>
          {entry.offeredAt ? (
            <span className="whitespace-nowrap text-xs text-muted-foreground">Offered {utc(entry.offeredAt)} UTC</span>
          ) : null}
          {entry.state === "removed" ? (
            <span className="max-w-56 whitespace-pre-wrap break-words text-xs text-muted-foreground">
              {entry.removedBy ? `By ${entry.removedBy}: ` : ""}
              {entry.removedReason}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "action",
      header: "Action",
      cell: ({ row: { original: entry } }) =>
        entry.state === "waiting" ? <WaitlistRemoveAction entryId={entry.id} email={entry.email} /> : "—",
    },
  ]);

export function WaitlistTable({ entries, path, now }: { entries: WaitlistEntry[]; path: string; now: Date }) {
  return (
    <DataTable
      caption="The cohort's waitlist in queue order, with each offer's state"
      columns={columns(now)}
      rows={entries}
      rowId={(entry) => entry.id}
      path={path}
      query={{ q: "", sort: "position", dir: "asc" }}
      empty={{
        title: "Nobody is on the waitlist",
        body: "When the cohort is full, visitors can join its waitlist; confirmed addresses are listed here in queue order.",
      }}
    />
  );
}
