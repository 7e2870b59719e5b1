"use client";

import { useEffect, useState } from "react";
import { LoadError } from "@/components/errors/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import {
  ALL_TAB,
  COHORT_PAGE_SIZE,
  cohortsForTab,
  isUpcomingCohort,
  monthTabs,
  pageCount,
  pageOf,
} from "@/lib/cohorts/cohort-picker-rules";
import { COHORTS_LOAD_FAILED, NO_COHORTS_TEXT, NO_COHORTS_TITLE } from "@/lib/enrolment/enrolment-messages";
import { CohortCard } from "./cohort-card";
import { CohortPagination } from "./cohort-pagination";
import { useCohortsQuery } from "./use-cohorts-query";

type CohortPickerProps = {
  selectedId: string | null;
  onSelect: (cohortId: string | null) => void;
  /** The browser's current date, fixed for the page's life: it decides the month tabs. */
  now: Date;
  /** D17: the cohort a place is held in for this visitor (their waitlist offer), if any. */
  heldForYouId?: string | null;
};

/** SPEC §2 cohort picker: month tabs, 4 upcoming cohorts per page, loading, empty and error states. */
export function CohortPicker({ selectedId, onSelect, now, heldForYouId = null }: CohortPickerProps) {
  const query = useCohortsQuery();
  const [tab, setTab] = useState(ALL_TAB);
  const [page, setPage] = useState(1);
  const tabs = monthTabs(now);

  // SPEC §8: a load failure is an inline alert and an error toast (one toast per failure).
  useEffect(() => {
    if (query.isError) toast.error(COHORTS_LOAD_FAILED, { id: "cohorts-load-failed" });
  }, [query.isError, query.errorUpdatedAt]);

  const upcoming = (query.data ?? []).filter((c) => isUpcomingCohort(c, now));
  const visible = cohortsForTab(upcoming, tab);
  const pages = pageCount(visible.length);
  const current = Math.min(page, pages);

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        setTab(value);
        setPage(1);
      }}
      className="gap-4"
    >
      <TabsList aria-label="Cohort start month" className="w-full flex-wrap justify-start sm:w-fit">
        {tabs.map((t) => (
          <TabsTrigger key={t.key} value={t.key}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.key} value={t.key} className="flex flex-col gap-4">
          {t.key !== tab ? null : query.isPending ? (
            <CohortSkeletons />
          ) : query.isError ? (
            <LoadError message={COHORTS_LOAD_FAILED} onRetry={() => void query.refetch()} />
          ) : visible.length === 0 ? (
            <EmptyCohorts />
          ) : (
            <>
              <CohortGrid cohorts={pageOf(visible, current)} selectedId={selectedId} onSelect={onSelect} heldForYouId={heldForYouId} />
              <CohortPagination page={current} pages={pages} onPage={setPage} />
            </>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}

type CohortGridProps = { cohorts: Cohort[]; selectedId: string | null; onSelect: (id: string | null) => void; heldForYouId: string | null };

function CohortGrid({ cohorts, selectedId, onSelect, heldForYouId }: CohortGridProps) {
  return (
    <ul aria-label="Cohorts" className="grid gap-4 md:grid-cols-2">
      {cohorts.map((cohort) => (
        <CohortCard
          key={cohort.id}
          cohort={cohort}
          selected={cohort.id === selectedId}
          onSelect={onSelect}
          heldForYou={cohort.id === heldForYouId}
        />
      ))}
    </ul>
  );
}

function EmptyCohorts() {
  return (
    <div className="rounded-xl border border-dashed bg-card p-8 text-center">
      <h3 className="text-base font-semibold">{NO_COHORTS_TITLE}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{NO_COHORTS_TEXT}</p>
    </div>
  );
}

function CohortSkeletons() {
  return (
    <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
      <span className="sr-only">Loading cohorts</span>
      {Array.from({ length: COHORT_PAGE_SIZE }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-xl border bg-card p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-10" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-2" />
          <Skeleton className="h-10" />
        </div>
      ))}
    </div>
  );
}
