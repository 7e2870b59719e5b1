import { firstParam, type SearchParams } from "@/lib/search-params";
import { CampaignConfirmation } from "@/components/campaign/confirm/campaign-confirmation";
import { SiteHeader } from "@/components/layout/site-header";
import { pageMetadata } from "@/lib/page-metadata";

// D18: where a pledge's or partner pledge's confirmation email links. The link carries its token:
// out of search results, and no Referer taking it elsewhere.
export const metadata = {
  ...pageMetadata({
    title: "Confirm Your Email",
    description: "Confirm your email address to finish your MAGIC pledge.",
    path: "/magic/confirm",
    noindex: true,
  }),
  referrer: "no-referrer" as const,
};

export default async function ConfirmPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const token = firstParam(await searchParams, "token") ?? "";
  return (
    <>
      <SiteHeader />
      <main
        id="main"
        className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-6 px-4 pb-20 pt-28 text-center"
      >
        <CampaignConfirmation token={token} />
      </main>
    </>
  );
}
