import Link from "next/link";
import { cohortDatesLabel, cohortStatusLabel } from "@/components/operator/cohort-labels";
import { EmptyState, OperatorTable, Td, Th } from "@/components/operator/operator-table";
import { ListPager, ListSearch } from "@/components/operator/list-controls";
import { Button } from "@/components/ui/button";
import { COHORT_LIST_DEFAULTS, COHORT_SORTS } from "@/lib/operator/cohort-list";
import { parseListQuery } from "@/lib/operator/list-query";
import type { SearchParams } from "@/lib/search-params";
import { countWaiting } from "@/server/db/waitlist/waitlist-lists";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { cohortListPage } from "@/server/operator/operator-cohorts";

export const metadata = { title: "Cohorts · Operator" };

export default async function OperatorCohortsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperatorPage();
  const query = parseListQuery(await searchParams, COHORT_SORTS, COHORT_LIST_DEFAULTS);
  const { rows: cohorts, next } = await cohortListPage(query);
  const waiting = await countWaiting(cohorts.map((cohort) => cohort.id));
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Cohorts</h1>
        <Button asChild>
          <Link href="/operator/cohorts/new">New cohort</Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">Open cohorts first, then by start date, latest first.</p>
      <ListSearch label="Search cohorts" query={query} placeholder="Part of a cohort's name" />
      {cohorts.length === 0 && query.q ? (
        <EmptyState title="No cohort matches">No cohort name holds “{query.q}”.</EmptyState>
      ) : cohorts.length === 0 ? (
        <EmptyState title="No cohorts yet">
          Create the first one: visitors can buy a seat in it as soon as it is saved, unless it is saved as a draft.
        </EmptyState>
      ) : (
        <OperatorTable caption="Cohorts with their seats paid, held and free, and how many wait for a place">
          <thead>
            <tr>
              <Th>Cohort</Th>
              <Th>Language</Th>
              <Th>Status</Th>
              <Th>Dates</Th>
              <Th className="text-right">Capacity</Th>
              <Th className="text-right">Paid</Th>
              <Th className="text-right">Held</Th>
              <Th className="text-right">Free</Th>
              <Th className="text-right">Waitlist</Th>
            </tr>
          </thead>
          <tbody>
            {cohorts.map((cohort) => (
              <tr key={cohort.id}>
                <Td>
                  <Link className="font-medium text-primary underline-offset-4 hover:underline" href={`/operator/cohorts/${cohort.id}`}>
                    {cohort.cohort_name}
                  </Link>
                </Td>
                <Td>{cohort.language}</Td>
                <Td>{cohortStatusLabel(cohort)}</Td>
                <Td className="whitespace-nowrap">{cohortDatesLabel(cohort)}</Td>
                <Td className="text-right tabular-nums">{cohort.participant_cap}</Td>
                <Td className="text-right tabular-nums">{cohort.seats.paid}</Td>
                <Td className="text-right tabular-nums">{cohort.seats.held}</Td>
                <Td className="text-right tabular-nums">{cohort.seats.free}</Td>
                <Td className="text-right tabular-nums">{waiting.get(cohort.id) ?? 0}</Td>
              </tr>
            ))}
          </tbody>
        </OperatorTable>
      )}
      <ListPager label="Cohort pages" path="/operator/cohorts" query={query} next={next} />
    </div>
  );
}
