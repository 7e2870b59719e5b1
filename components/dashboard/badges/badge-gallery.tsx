"use client";

import Image from "next/image";
import { IntentLink } from "@/components/layout/intent-link";
import { Copy } from "lucide-react";
import { LoadError } from "@/components/errors/load-error";
import { useNearScreen } from "@/components/hooks/use-near-screen";
import { useTimeZone } from "@/components/hooks/use-time-zone";
import { Badge as TierBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { badgeSharePath, badgeShareText, type Badge, type BadgeTier } from "@/lib/badges/badges";
import { CAMPAIGN_SHARE_TEXT, SHARE_TARGETS, shareMessage, shareUrl } from "@/lib/campaign/share-links";
import { formatEntryDate } from "@/lib/referrals/affiliate-display";
import { siteUrl } from "@/lib/site";
import { copyToClipboard } from "../affiliate/copy-field";
import { useAffiliateLinkQuery } from "../affiliate/use-affiliate-queries";
import { BADGES_LOAD_FAILED, useMemberBadgesQuery } from "./member-badges-query";

const TITLE_ID = "badge-gallery-title";
export const NO_BADGES = "No badges yet. Take the campaign pledge: your badge shows your place among the first pledgers.";

const TIER_LABEL: Record<BadgeTier, string> = { gold: "Gold", silver: "Silver", bronze: "Bronze", other: "Standard" };
const TIER_STYLE: Record<BadgeTier, string> = {
  gold: "border-amber-300 bg-amber-50 text-amber-900",
  silver: "border-slate-300 bg-slate-50 text-slate-800",
  bronze: "border-orange-300 bg-orange-50 text-orange-900",
  other: "",
};

/**
 * SPEC §2 Dashboard: the badge gallery (the member's campaign pledge badge), each badge shareable
 * on LinkedIn, X/Twitter, Facebook and WhatsApp or copied. A share leads to the pledge's page, which
 * unfurls with its card, and carries the member's affiliate code once it has loaded, so a friend
 * who follows it counts as their visitor. Both are asked for once the gallery comes near the screen.
 */
export function BadgeGallery() {
  const { ref, near } = useNearScreen<HTMLElement>();
  const badges = useMemberBadgesQuery({ enabled: near });
  const link = useAffiliateLinkQuery({ enabled: near });
  const via = link.data ? new URL(link.data.link).searchParams.get("via") : null;

  return (
    <section
      ref={ref}
      aria-labelledby={TITLE_ID}
      aria-busy={badges.isPending || undefined}
      className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={TITLE_ID} className="text-lg font-semibold leading-tight tracking-tight">
          Your Badges
        </h2>
        <p className="text-sm text-muted-foreground">Badges you earned in the million-strong glucose health campaign.</p>
      </div>
      {badges.isPending ? (
        <div className="grid gap-3">
          <span className="sr-only">Loading your badges</span>
          <Skeleton className="h-16 w-2/3" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : badges.isError ? (
        <LoadError message={badges.error.message || BADGES_LOAD_FAILED} onRetry={() => void badges.refetch()} />
      ) : badges.data.badges.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-lg bg-muted/60 p-4">
          <p className="text-sm text-muted-foreground">{NO_BADGES}</p>
          <IntentLink href="/magic" className={buttonVariants({ size: "sm" })}>
            Take the Pledge
          </IntentLink>
        </div>
      ) : (
        <ul className="grid gap-4">
          {badges.data.badges.map((badge) => (
            <li key={badge.id}>
              <BadgeCard badge={badge} url={shareLink(badge, via)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function shareLink(badge: Badge, via: string | null): string {
  const url = new URL(siteUrl(badgeSharePath(badge)));
  if (via) url.searchParams.set("via", via);
  return url.toString();
}

function BadgeCard({ badge, url }: { badge: Badge; url: string }) {
  const headingId = `badge-${badge.id}`;
  const text = badgeShareText(badge, CAMPAIGN_SHARE_TEXT);
  const timeZone = useTimeZone();
  return (
    <article aria-labelledby={headingId} className="grid h-full content-start gap-3 rounded-lg border p-4">
      {/* The pledge's share card, drawn by the API: the optimiser would only draw it again. */}
      <Image
        unoptimized
        src={badge.imageUrl}
        alt={`${badge.name} badge card`}
        width={1200}
        height={630}
        className="aspect-[1200/630] w-full rounded-md border bg-muted"
      />
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold leading-tight">
          {badge.name}
        </h3>
        <TierBadge variant="outline" className={cn("w-fit", TIER_STYLE[badge.tier])}>
          {TIER_LABEL[badge.tier]}
        </TierBadge>
      </div>
      <p className="text-sm text-muted-foreground">{badge.description}</p>
      <p className="text-xs text-muted-foreground">Earned {formatEntryDate(badge.dateEarned, timeZone)}</p>
      <div role="group" aria-label={`Share ${badge.name}`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {SHARE_TARGETS.map(({ target, label }) => (
          <a
            key={target}
            href={shareUrl(target, url, text)}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "min-w-0 px-2")}
          >
            {label}
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="col-span-2 sm:col-span-4"
          onClick={() => void copyToClipboard(shareMessage(url, text), "Link")}
        >
          <Copy aria-hidden="true" /> Copy <span className="sr-only">the {badge.name} share link</span>
        </Button>
      </div>
    </article>
  );
}
