import { ListPager } from "@/components/operator/list-controls";
import { CampaignNav } from "@/components/operator/campaign-nav";
import { ContactMessagesTable } from "@/components/operator/contact-messages-table";
import { ListFilter } from "@/components/operator/list-filter";
import {
  CAMPAIGN_LIST_DEFAULTS,
  CAMPAIGN_LIST_SORTS,
  HANDLED_FILTERS,
  HANDLED_FILTER_LABELS,
  parseShowParam,
} from "@/lib/operator/campaign-lists";
import { parseListQuery } from "@/lib/operator/list-query";
import { contactMessagePage } from "@/server/operator/campaign-inbox";
import { requireOperatorPage } from "@/server/operator/operator-page";

export const metadata = { title: "Contact messages · Campaign · Operator" };

const PATH = "/operator/campaign/messages";

export default async function OperatorContactMessagesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireOperatorPage();
  const params = await searchParams;
  const show = parseShowParam(params, HANDLED_FILTERS);
  const query = parseListQuery(params, CAMPAIGN_LIST_SORTS, CAMPAIGN_LIST_DEFAULTS);
  const page = await contactMessagePage(show, query.after);
  return (
    <div className="flex flex-col gap-6">
      <CampaignNav current={PATH} />
      <h1 className="text-2xl font-bold tracking-tight">Contact messages</h1>
      <p className="text-sm text-muted-foreground">
        Messages from the /become-partner contact form, newest first; the page promises a reply within 24 hours. Mark one handled once
        answered.
      </p>
      <ListFilter
        label="Contact messages shown"
        path={PATH}
        options={HANDLED_FILTERS.map((value) => ({ value, label: HANDLED_FILTER_LABELS[value] }))}
        current={show}
      />
      <ContactMessagesTable rows={page.rows} show={show} />
      <ListPager label="Contact message pages" path={show === "all" ? PATH : `${PATH}?show=${show}`} query={query} next={page.next} />
    </div>
  );
}
