import { AuditTable } from "@/components/operator/audit-table";
import { ListPager } from "@/components/operator/list-controls";
import { parseListQuery } from "@/lib/operator/list-query";
import type { SearchParams } from "@/lib/search-params";
import { auditLogPage } from "@/server/operator/audit-log";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Audit log · Operator" };

const PATH = "/operator/audit";

export default async function OperatorAuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperatorPage();
  // The log has one order, newest first; ?after= continues after an entry.
  const query = parseListQuery(await searchParams, ["when"], { sort: "when", dir: "desc" });
  const { rows: entries, next } = await auditLogPage(query.after);
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
      <ListPager label="Audit log pages" path={PATH} query={query} next={next} />
    </div>
  );
}
