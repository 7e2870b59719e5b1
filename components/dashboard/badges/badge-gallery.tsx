"use client";

import { Copy, ExternalLink } from "lucide-react";
import { Badge as TierBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { cn } from "@/lib/cn";
import { SAMPLE_BADGES, badgeShareText, type Badge, type BadgeTier } from "@/lib/badges/badges";
import { formatEntryDate } from "@/lib/referral/affiliate-display";
import { CAMPAIGN_SHARE_TEXT, SHARE_TARGETS, SHARE_TARGET_LABEL, shareMessage, shareUrl, type ShareContent } from "@/lib/share-links";
import { siteUrl } from "@/lib/site";
import { copyToClipboard } from "../affiliate/copy-field";
import { useAffiliateLinkQuery } from "../affiliate/use-affiliate-queries";

const TITLE_ID = "badge-gallery-title";

const TIER_LABEL: Record<BadgeTier, string> = { gold: "Gold", silver: "Silver", bronze: "Bronze", other: "Standard" };
const TIER_STYLE: Record<BadgeTier, string> = {
  gold: "border-amber-300 bg-amber-50 text-amber-900",
  silver: "border-slate-300 bg-slate-50 text-slate-800",
  bronze: "border-orange-300 bg-orange-50 text-orange-900",
  other: "",
};

/**
 * SPEC §2 Dashboard: the badge gallery, each badge shareable on LinkedIn, X/Twitter, Facebook and
 * WhatsApp or copied. A share carries the member's affiliate link once it has loaded, so a friend
 * who follows it counts as their visitor.
 */
export function BadgeGallery({ badges = SAMPLE_BADGES }: { badges?: readonly Badge[] }) {
  const link = useAffiliateLinkQuery();
  const url = link.data?.link ?? siteUrl("/");

  return (
    <section aria-labelledby={TITLE_ID} className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      <div className="grid gap-1">
        <h2 id={TITLE_ID} className="text-lg font-semibold leading-tight tracking-tight">
          Your Badges
        </h2>
        <p className="text-sm text-muted-foreground">Badges you earned in the million-strong glucose health campaign. Share them with your link.</p>
      </div>
      {badges.length === 0 ? (
        <p className="rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground">No badges yet. Take the campaign pledge to earn your first one.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {badges.map((badge) => (
            <li key={badge.id}>
              <BadgeCard badge={badge} share={{ url, text: badgeShareText(badge, CAMPAIGN_SHARE_TEXT) }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BadgeCard({ badge, share }: { badge: Badge; share: ShareContent }) {
  const headingId = `badge-${badge.id}`;
  return (
    <article aria-labelledby={headingId} className="grid h-full content-start gap-3 rounded-lg border p-4">
      <div className="flex items-center gap-3">
        {/* eslint-disable-next-line @next/next/no-img-element -- a small static SVG; the image optimiser adds nothing */}
        <img src={badge.imageUrl} alt="" width={64} height={64} className="size-16 shrink-0" />
        <div className="grid gap-1">
          <h3 id={headingId} className="font-semibold leading-tight">
            {badge.name}
          </h3>
          <TierBadge variant="outline" className={cn("w-fit", TIER_STYLE[badge.tier])}>
            {TIER_LABEL[badge.tier]}
          </TierBadge>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{badge.description}</p>
      <p className="text-xs text-muted-foreground">Earned {formatEntryDate(`${badge.dateEarned}T12:00:00Z`, "UTC")}</p>
      <div role="group" aria-label={`Share ${badge.name}`} className="grid grid-cols-2 gap-2">
        {SHARE_TARGETS.map((target) => (
          <a
            key={target}
            href={shareUrl(target, share)}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "justify-between")}
          >
            {SHARE_TARGET_LABEL[target]}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ))}
        <Button type="button" variant="outline" size="sm" className="col-span-2" onClick={() => void copyToClipboard(shareMessage(share), "Link")}>
          <Copy aria-hidden="true" /> Copy <span className="sr-only">the {badge.name} share link</span>
        </Button>
      </div>
    </article>
  );
}
