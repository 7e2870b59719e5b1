import { AFFILIATES_PATH, AffiliateList } from "@/components/operator/affiliate-list";
import { ListPager, ListSearch } from "@/components/operator/list-controls";
import { AFFILIATE_SORTS } from "@/lib/operator/affiliates";
import { parseListQuery } from "@/lib/operator/list-query";
import type { SearchParams } from "@/lib/search-params";
import { affiliateListPage } from "@/server/operator/affiliates";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Affiliates · Operator" };

export default async function OperatorAffiliatesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireOperatorPage();
  const query = parseListQuery(await searchParams, AFFILIATE_SORTS, { sort: "joined", dir: "desc" });
  const { rows, next } = await affiliateListPage(query);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Affiliates</h1>
      <p className="text-sm text-muted-foreground">
        Every member with an affiliate link, with the figures their dashboard shows. Commission is pending for 30 days after each payment,
        then due; unpaid is pending and due together. Open an affiliate to see their ledger, mark what is due paid, or hold their payouts.
      </p>
      <ListSearch label="Search by email or affiliate code" query={query} placeholder="The start of an email address or code" />
      <AffiliateList rows={rows} query={query} />
      <ListPager label="Affiliate pages" path={AFFILIATES_PATH} query={query} next={next} />
    </div>
  );
}
