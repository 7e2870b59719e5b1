import { UnsubscribeConfirmation } from "@/components/announcements/unsubscribe-confirmation";
import { pageMetadata } from "@/lib/page-metadata";
import { firstParam, type SearchParams } from "@/lib/search-params";

// Where an announcement's unsubscribe link leads. The link carries its token: out of search
// results, and no Referer taking it elsewhere.
export const metadata = {
  ...pageMetadata({
    title: "Unsubscribe from cohort announcements",
    description: "Stop receiving announcements about your cohort.",
    path: "/announcements/unsubscribe",
    noindex: true,
  }),
  referrer: "no-referrer" as const,
};

export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-6 text-center">
      <UnsubscribeConfirmation email={firstParam(params, "email") ?? ""} token={firstParam(params, "token") ?? ""} />
    </div>
  );
}
