import { ListPager } from "@/components/operator/list-controls";
import { CampaignNav } from "@/components/operator/campaign-nav";
import { ListFilter } from "@/components/operator/list-filter";
import { PartnerPledgesTable } from "@/components/operator/partner-pledges-table";
import {
  CAMPAIGN_LIST_DEFAULTS,
  CAMPAIGN_LIST_SORTS,
  HANDLED_FILTERS,
  HANDLED_FILTER_LABELS,
  parseShowParam,
} from "@/lib/operator/campaign-lists";
import { parseListQuery } from "@/lib/operator/list-query";
import { partnerPledgePage } from "@/server/operator/campaign-inbox";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Partner pledges · Campaign · Operator" };

const PATH = "/operator/campaign/partners";

export default async function OperatorPartnerPledgesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireOperatorPage();
  const params = await searchParams;
  const show = parseShowParam(params, HANDLED_FILTERS);
  const query = parseListQuery(params, CAMPAIGN_LIST_SORTS, CAMPAIGN_LIST_DEFAULTS);
  const page = await partnerPledgePage(show, query.after);
  return (
    <div className="flex flex-col gap-6">
      <CampaignNav current={PATH} />
      <h1 className="text-2xl font-bold tracking-tight">Partner pledges</h1>
      <p className="text-sm text-muted-foreground">
        Organisations whose partner pledge was confirmed, newest first. Mark one handled once the team has been in touch.
      </p>
      <ListFilter
        label="Partner pledges shown"
        path={PATH}
        options={HANDLED_FILTERS.map((value) => ({ value, label: HANDLED_FILTER_LABELS[value] }))}
        current={show}
      />
      <PartnerPledgesTable rows={page.rows} show={show} />
      <ListPager label="Partner pledge pages" path={show === "all" ? PATH : `${PATH}?show=${show}`} query={query} next={page.next} />
    </div>
  );
}
