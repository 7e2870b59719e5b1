import type { AnnouncementRow } from "@/lib/operator/announcement-schemas";

// The announcements a cohort's participants were sent, newest first.

const utc = (date: Date) => date.toISOString().replace("T", " ").slice(0, 16);

export function AnnouncementList({ rows }: { rows: AnnouncementRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No announcement has been sent to this cohort.</p>;
  return (
    <ul aria-label="Announcements sent" className="flex flex-col divide-y rounded-md border bg-background">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-col gap-0.5 px-4 py-3">
          <span className="break-words font-medium">{row.subject}</span>
          <span className="text-xs text-muted-foreground">
            {utc(row.createdAt)} UTC · to{" "}
            {row.recipients === 1 ? "1 participant" : `${row.recipients.toLocaleString("en-US")} participants`}
            {row.sentBy ? ` · by ${row.sentBy}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
