"use client";

import { offerStateLabel, type WaitlistEntry } from "@/lib/operator/waitlist-entry";
import { DataTable, dataColumns } from "./data-table";

// D17: a cohort's waitlist, in queue order, drawn by the area's one table component.

const utc = (date: Date | null) => (date ? date.toISOString().replace("T", " ").slice(0, 16) : "—");
const nowrap = { className: "whitespace-nowrap tabular-nums" };

const columns = (now: Date) =>
  dataColumns<WaitlistEntry>([
    { id: "position", header: "Position", accessorKey: "position", meta: { className: "text-right tabular-nums" } },
    { id: "email", header: "Email", accessorKey: "email", meta: { className: "break-words" } },
    { id: "joined", header: "Joined (UTC)", accessorFn: (entry) => utc(entry.joinedAt), meta: nowrap },
    { id: "confirmed", header: "Confirmed (UTC)", accessorFn: (entry) => utc(entry.confirmedAt), meta: nowrap },
    { id: "offer", header: "Offer", accessorFn: (entry) => offerStateLabel(entry, now), meta: { className: "whitespace-nowrap" } },
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
      empty={{ title: "Nobody is on the waitlist", body: "When the cohort is full, visitors can join its waitlist; confirmed addresses are listed here in queue order." }}
    />
  );
}
