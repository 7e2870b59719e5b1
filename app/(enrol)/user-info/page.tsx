import { redirect } from "next/navigation";
import type { SearchParams } from "@/lib/search-params";
import { EnrolmentStepper } from "@/components/enrolment/enrolment-stepper";
import { SelectedPlanSummary } from "@/components/enrolment/selected-plan-summary";
import { UserInfoForm } from "@/components/enrolment/user-info/user-info-form";
import { PRICING_PATH, parsePlanChoice } from "@/lib/enrolment/plan-choice";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "Your Information",
  description: "Step 1 of joining the Glucose Challenge: a few questions for your coach and the terms.",
  path: "/user-info",
  noindex: true,
});

export default async function UserInfoPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // D12: the plan comes in the query; without a valid one there is nothing to enrol in.
  const choice = parsePlanChoice(await searchParams);
  if (!choice) redirect(PRICING_PATH);

  return (
    <div className="flex flex-col gap-6">
      <EnrolmentStepper current={1} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Your Information</h1>
        <p className="mt-2 text-muted-foreground">Three health questions and the terms come first; the rest helps your coach prepare.</p>
      </div>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
        <UserInfoForm choice={choice} />
        <SelectedPlanSummary choice={choice} />
      </div>
    </div>
  );
}
