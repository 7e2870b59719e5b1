import Link from "next/link";
import { CohortForm } from "@/components/operator/cohort-form";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "New cohort · Operator" };

export default async function NewCohortPage() {
  await requireOperatorPage();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Link href="/operator/cohorts" className="text-sm text-primary underline-offset-4 hover:underline">
        ← All cohorts
      </Link>
      <h1 className="text-2xl font-bold tracking-tight">New cohort</h1>
      <p className="text-sm text-muted-foreground">A new cohort is upcoming and for sale as soon as it is saved.</p>
      <CohortForm />
    </div>
  );
}
