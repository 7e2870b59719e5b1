"use client";

import { AffiliateDetailsCard } from "./affiliate/affiliate-details-card";
import { AffiliateStatCards } from "./affiliate/affiliate-stat-cards";
import { FunnelChartCard } from "./affiliate/funnel-chart-card";
import { useReportReferralLead } from "./affiliate/use-affiliate-queries";
import { BadgeGallery } from "./badges/badge-gallery";
import { CurrentCohortCard } from "./cohort/current-cohort-card";

/**
 * Where the dashboard's data goes, below the welcome line (SPEC §2 Dashboard):
 * - four stat cards: Total Visitors, Inquirers (Leads on mobile), Subscribers (Conversions on
 *   mobile) and Community Rewards (commission in dollars, '20% profit for each person you help');
 * - below them the cohort card, the badge gallery and the affiliate details card (link, coupon
 *   code, stats) with the referral chart, one column on phones and two from desktop width.
 */
export function DashboardSections() {
  useReportReferralLead();
  return (
    <>
      <AffiliateStatCards />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <CurrentCohortCard />
          <BadgeGallery />
        </div>
        <div className="grid gap-6">
          <AffiliateDetailsCard />
          <FunnelChartCard />
        </div>
      </div>
    </>
  );
}
