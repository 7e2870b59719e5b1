import Link from "next/link";
import { CampaignNav } from "@/components/operator/campaign-nav";
import { PledgeDaysTable, PledgeTierTotals } from "@/components/operator/pledge-counts-table";
import { cn } from "@/lib/cn";
import { PLEDGE_RANGES, parsePledgeRange } from "@/lib/operator/pledge-counts";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { pledgeCounts } from "@/server/operator/pledge-counts";

export const metadata = { title: "Campaign · Operator" };

export default async function OperatorCampaignPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireOperatorPage();
  const days = parsePledgeRange(await searchParams);
  const counts = await pledgeCounts(days);
  return (
    <div className="flex flex-col gap-8">
      <CampaignNav current="/operator/campaign" />
      <h1 className="text-2xl font-bold tracking-tight">Pledges</h1>
      <section aria-labelledby="all-pledges" className="flex flex-col gap-3">
        <h2 id="all-pledges" className="text-lg font-semibold">
          All pledges
        </h2>
        <PledgeTierTotals counts={counts.allTime} label="Every confirmed pledge by badge" />
      </section>
      <section aria-labelledby="pledges-per-day" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="pledges-per-day" className="text-lg font-semibold">
            Pledges per day, last {days} days
          </h2>
          <nav aria-label="Days shown">
            <ul className="flex gap-2 text-sm">
              {PLEDGE_RANGES.map((range) => (
                <li key={range}>
                  <Link
                    href={range === 30 ? "/operator/campaign" : `/operator/campaign?days=${range}`}
                    aria-current={range === days ? "page" : undefined}
                    className={cn(
                      "inline-flex h-8 items-center rounded-full border px-3 font-medium",
                      range === days ? "border-primary bg-primary text-primary-foreground" : "bg-background",
                    )}
                  >
                    Last {range} days
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="text-sm text-muted-foreground">
          A pledge counts on the UTC day its address confirmed it, in the badge its number earned.{" "}
          {counts.range.total.toLocaleString("en-US")} from {counts.from} to {counts.to}.
        </p>
        <PledgeTierTotals counts={counts.range} label={`Pledges of the last ${days} days by badge`} />
        <PledgeDaysTable counts={counts} />
      </section>
    </div>
  );
}
