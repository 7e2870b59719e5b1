"use client";

import { useNearScreen } from "@/components/hooks/use-near-screen";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import {
  AFFILIATE_CARD_INTRO,
  AFFILIATE_CARD_TITLE,
  AFFILIATE_LINK_LOAD_FAILED,
  AFFILIATE_STATS_LOAD_FAILED,
  COUPON_NOT_READY,
} from "@/lib/referrals/affiliate-display";
import { CommissionLedger } from "./commission-ledger";
import { CopyField } from "./copy-field";
import { LoadError } from "@/components/errors/load-error";
import { useAffiliateLinkQuery, useAffiliateStatsQuery } from "./use-affiliate-queries";

const TITLE_ID = "affiliate-details-title";

/**
 * SPEC §2 Dashboard: the affiliate details card: link, coupon code (each with a copy button) and
 * stats. The stats come with the page; the link is asked for once the card comes near the screen.
 */
export function AffiliateDetailsCard() {
  const { ref, near } = useNearScreen<HTMLElement>();
  const link = useAffiliateLinkQuery({ enabled: near });
  const stats = useAffiliateStatsQuery();

  return (
    <section
      ref={ref}
      aria-labelledby={TITLE_ID}
      aria-busy={link.isPending || stats.isPending || undefined}
      className="flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={TITLE_ID} className="text-lg font-semibold leading-tight tracking-tight">
          {AFFILIATE_CARD_TITLE}
        </h2>
        <p className="text-sm text-muted-foreground">{AFFILIATE_CARD_INTRO}</p>
      </div>
      {link.isPending ? (
        <DetailsSkeleton label="Loading your affiliate link" />
      ) : link.isError ? (
        <LoadError message={link.error.message || AFFILIATE_LINK_LOAD_FAILED} onRetry={() => void link.refetch()} />
      ) : (
        <div className="grid gap-4">
          <CopyField id="affiliate-link" label="Your link" value={link.data.link} what="Link" />
          {link.data.coupon_code ? (
            <CopyField id="affiliate-coupon" label="Your coupon code" value={link.data.coupon_code} what="Code" monospace />
          ) : (
            <p className="text-sm text-muted-foreground">{COUPON_NOT_READY}</p>
          )}
        </div>
      )}
      <Separator />
      {stats.isPending ? (
        <DetailsSkeleton label="Loading your rewards" />
      ) : stats.isError ? (
        <LoadError message={stats.error.message || AFFILIATE_STATS_LOAD_FAILED} onRetry={() => void stats.refetch()} />
      ) : (
        <CommissionLedger stats={stats.data} />
      )}
    </section>
  );
}

function DetailsSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-2/3" />
    </div>
  );
}
