import { ListPager } from "@/components/operator/list-controls";
import { CampaignNav } from "@/components/operator/campaign-nav";
import { ListFilter } from "@/components/operator/list-filter";
import { StoryModerationTable } from "@/components/operator/story-moderation-table";
import { CAMPAIGN_LIST_DEFAULTS, CAMPAIGN_LIST_SORTS, STORY_FILTER_LABELS, parseShowParam } from "@/lib/operator/campaign-lists";
import { STORY_STATUSES } from "@/lib/operator/campaign-schemas";
import { parseListQuery } from "@/lib/operator/list-query";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { storyModerationPage } from "@/server/operator/story-moderation";

export const metadata = { title: "Stories · Campaign · Operator" };

const PATH = "/operator/campaign/stories";

export default async function OperatorStoriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireOperatorPage();
  const params = await searchParams;
  const status = parseShowParam(params, STORY_STATUSES);
  const query = parseListQuery(params, CAMPAIGN_LIST_SORTS, CAMPAIGN_LIST_DEFAULTS);
  const page = await storyModerationPage(status, query.after);
  return (
    <div className="flex flex-col gap-6">
      <CampaignNav current={PATH} />
      <h1 className="text-2xl font-bold tracking-tight">Stories</h1>
      <p className="text-sm text-muted-foreground">
        A story is shown to the public only once approved: on /magic and in the community stories grid, newest approval first, each in the
        place of a sample. Rejecting an approved story takes it off at once.
      </p>
      <ListFilter
        label="Stories shown"
        path={PATH}
        options={STORY_STATUSES.map((value) => ({ value, label: STORY_FILTER_LABELS[value] }))}
        current={status}
      />
      <StoryModerationTable rows={page.rows} status={status} />
      <ListPager label="Story pages" path={status === "pending" ? PATH : `${PATH}?show=${status}`} query={query} next={page.next} />
    </div>
  );
}
