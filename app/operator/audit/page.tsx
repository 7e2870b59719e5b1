import { AuditFilterForm } from "@/components/operator/audit-filter";
import { AuditTable } from "@/components/operator/audit-table";
import { ListPager } from "@/components/operator/list-controls";
import { auditFilterQuery, isAuditFiltered, parseAuditFilter } from "@/lib/operator/audit-filter";
import { parseListQuery } from "@/lib/operator/list-query";
import type { SearchParams } from "@/lib/search-params";
import { auditLogPage } from "@/server/operator/audit-log";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Audit log · Operator" };

const PATH = "/operator/audit";

export default async function OperatorAuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperatorPage();
  const params = await searchParams;
  // The log has one order, newest first; ?after= continues after an entry, within the filter.
  const query = parseListQuery(params, ["when"], { sort: "when", dir: "desc" });
  const { filter, ignored } = parseAuditFilter(params);
  const { rows: entries, next } = await auditLogPage(query.after, filter);
  const filterQuery = auditFilterQuery(filter);
  const filtered = isAuditFiltered(filter);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
        <a className="text-sm font-medium text-primary underline-offset-4 hover:underline" href="/api/operator/audit.csv" download>
          Download CSV
        </a>
      </div>
      <p className="text-sm text-muted-foreground">
        Every change made in this area or with the operator command, and each place offered to a waitlist, newest first. Entries are never
        changed or removed.
      </p>
      <AuditFilterForm filter={filter} ignored={ignored} />
      <AuditTable
        entries={entries}
        caption={filtered ? "Operator changes matching the filter, newest first" : "Operator changes, newest first"}
        empty={filtered ? { title: "No entries match the filter", body: "Change or clear the filter to see more of the log." } : undefined}
      />
      <ListPager label="Audit log pages" path={filterQuery ? `${PATH}?${filterQuery}` : PATH} query={query} next={next} />
    </div>
  );
}
