import Link from "next/link";
import { z } from "zod";
import { AuditTable } from "@/components/operator/audit-table";
import { auditLogPage } from "@/server/operator/audit-log";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Audit log · Operator" };

// ?before=<entry id>: the page of entries older than that one.
const querySchema = z.object({ before: z.string().regex(/^[1-9][0-9]{0,18}$/).optional().catch(undefined) });

export default async function OperatorAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperatorPage();
  const { before } = querySchema.parse(await searchParams);
  const { entries, olderThan } = await auditLogPage(before);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
        <a className="text-sm font-medium text-primary underline-offset-4 hover:underline" href="/api/operator/audit.csv" download>
          Download CSV
        </a>
      </div>
      <p className="text-sm text-muted-foreground">Every change made in this area or with the operator command, newest first. Entries are never changed or removed.</p>
      <AuditTable entries={entries} caption="Operator changes, newest first" />
      <nav aria-label="Audit log pages" className="flex gap-4 text-sm">
        {before ? (
          <Link className="text-primary underline-offset-4 hover:underline" href="/operator/audit">
            Newest
          </Link>
        ) : null}
        {olderThan ? (
          <Link className="text-primary underline-offset-4 hover:underline" href={`/operator/audit?before=${olderThan}`}>
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
