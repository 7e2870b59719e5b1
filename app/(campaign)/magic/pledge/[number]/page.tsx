import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PledgeBadgeMedal } from "@/components/campaign/magic/pledge-badge-medal";
import { Button } from "@/components/ui/button";
import { badgeForPledgeNumber, formatPledgeNumber } from "@/lib/campaign/badge-tier";
import { pledgeNumberParamsSchema } from "@/lib/campaign/campaign-schemas";
import { site } from "@/lib/site";
import { pledgeExists } from "@/server/db/campaign/campaign";

type Props = { params: Promise<{ number: string }> };

async function pledgeNumberOf(props: Props): Promise<number> {
  const parsed = pledgeNumberParamsSchema.safeParse(await props.params);
  if (!parsed.success || !(await pledgeExists(parsed.data.number))) notFound();
  return parsed.data.number;
}

// A shared pledge: it unfurls with the pledge's own card (tier and number).
export async function generateMetadata(props: Props): Promise<Metadata> {
  const n = await pledgeNumberOf(props);
  const badge = badgeForPledgeNumber(n);
  const title = `Pledger ${formatPledgeNumber(n)}: ${badge.name}`;
  const description = "I took the pledge to know my glucose. Join the million-strong glucose health campaign.";
  const image = {
    url: `/api/campaign/pledges/${n}/card`,
    width: 1200,
    height: 630,
    alt: `${badge.name} badge, pledger ${formatPledgeNumber(n)}`,
  };
  return {
    title,
    description,
    alternates: { canonical: `/magic/pledge/${n}` },
    openGraph: { type: "website", siteName: site.name, title, description, url: `/magic/pledge/${n}`, images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image.url] },
    robots: { index: false, follow: true },
  };
}

export default async function PledgePage(props: Props) {
  const n = await pledgeNumberOf(props);
  const badge = badgeForPledgeNumber(n);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <PledgeBadgeMedal tier={badge.tier} name={badge.name} pledgeNumber={n} />
      <h1 className="text-3xl font-bold">
        Pledger {formatPledgeNumber(n)}: {badge.name}
      </h1>
      <p className="text-muted-foreground">This person pledged to know their glucose and to bring one more person along. Will you?</p>
      <Button asChild size="lg">
        <Link href="/magic">Take the Pledge too</Link>
      </Button>
    </main>
  );
}
