import { WaitlistClaim } from "@/components/enrolment/waitlist/waitlist-claim";
import { pageMetadata } from "@/lib/page-metadata";
import { firstParam, type SearchParams } from "@/lib/search-params";
import { describeOffer } from "@/server/waitlist/offer-claim";

// D17: where a waitlist offer's email links. It reads the offer (a mail scanner's visit
// changes nothing); its token stays out of search results and Referers.
export const metadata = {
  ...pageMetadata({
    title: "Claim your place",
    description: "A place in a cohort is held for you: choose your plan and pay to take it.",
    path: "/waitlist/claim",
    noindex: true,
  }),
  referrer: "no-referrer" as const,
};

export default async function WaitlistClaimPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const token = firstParam(await searchParams, "token") ?? "";
  const offer = await describeOffer(token);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-6 text-center">
      <WaitlistClaim token={offer.status === "offered" ? token : ""} offer={offer} />
    </div>
  );
}
