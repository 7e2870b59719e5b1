import { WaitlistConfirmation } from "@/components/enrolment/waitlist/waitlist-confirmation";
import { pageMetadata } from "@/lib/page-metadata";
import { firstParam, type SearchParams } from "@/lib/search-params";

// D18: where a waitlist confirmation email links. The link carries its token: out of
// search results, and no Referer taking it elsewhere.
export const metadata = {
  ...pageMetadata({
    title: "Confirm your place on the waitlist",
    description: "Confirm your email address to join a cohort's waitlist.",
    path: "/waitlist/confirm",
    noindex: true,
  }),
  referrer: "no-referrer" as const,
};

export default async function WaitlistConfirmPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const token = firstParam(await searchParams, "token") ?? "";
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-6 text-center">
      <WaitlistConfirmation token={token} />
    </div>
  );
}
