import Link from "next/link";
import { CohortForm } from "@/components/operator/cohort-form";
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { firstParam, type SearchParams } from "@/lib/search-params";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { cohortCopy } from "@/server/operator/operator-cohorts";

export const metadata = { title: "New cohort · Operator" };

/** ?from={id}: a duplicate of that cohort, filled in and ticked as a draft (a from that names no cohort gives the empty form). */
export default async function NewCohortPage({ searchParams }: { searchParams?: Promise<SearchParams> }) {
  await requireOperatorPage();
  const from = cohortIdParamsSchema.safeParse({ id: firstParam((await searchParams) ?? {}, "from") });
  const copy = from.success ? await cohortCopy(from.data.id) : null;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Link href="/operator/cohorts" className="text-sm text-primary underline-offset-4 hover:underline">
        ← All cohorts
      </Link>
      <h1 className="text-2xl font-bold tracking-tight">New cohort</h1>
      <p className="text-sm text-muted-foreground">
        {copy
          ? `A copy of ${copy.name}, to be saved as a draft: not for sale until you publish it.`
          : "A new cohort is upcoming and for sale as soon as it is saved, unless you save it as a draft to publish later."}
      </p>
      {copy ? <CohortForm initial={copy.values} initialDraft copiedFrom={copy.id} note={copy.note} /> : <CohortForm />}
    </div>
  );
}
