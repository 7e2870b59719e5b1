import { SafetyClearanceConfirmation } from "@/components/enrolment/safety-clearance/safety-clearance-confirmation";
import { pageMetadata } from "@/lib/page-metadata";
import { firstParam, type SearchParams } from "@/lib/search-params";

// Where a safety clearance email links. Opening it records nothing: the person confirms their
// doctor's go-ahead with their name. The link carries its token: out of search results, and no
// Referer taking it elsewhere.
export const metadata = {
  ...pageMetadata({
    title: "Confirm your doctor's go-ahead",
    description: "Confirm that your doctor has said the Glucose Challenge is right for you, then choose your plan.",
    path: "/safety-clearance",
    noindex: true,
  }),
  referrer: "no-referrer" as const,
};

export default async function SafetyClearancePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col justify-center gap-6">
      <SafetyClearanceConfirmation token={firstParam(params, "token") ?? ""} email={firstParam(params, "email") ?? ""} />
    </div>
  );
}
