"use client";

import { AffiliateDetailsCard } from "./affiliate/affiliate-details-card";
import { AffiliateStatCards } from "./affiliate/affiliate-stat-cards";
import { useReportReferralLead } from "./affiliate/use-affiliate-queries";
import { CurrentCohortCard } from "./cohort/current-cohort-card";

/**
 * Where the dashboard's data goes, below the welcome line (SPEC §2 Dashboard):
 * - four stat cards: Total Visitors, Inquirers (Leads on mobile), Subscribers (Conversions on
 *   mobile) and Community Rewards (commission in dollars, '20% profit for each person you help');
 * - below them the cohort card and the affiliate details card (link, coupon code, stats), one
 *   column on phones and two from desktop width. The badge gallery joins the grid later.
 */
export function DashboardSections() {
  useReportReferralLead();
  return (
    <>
      <AffiliateStatCards />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CurrentCohortCard />
        <AffiliateDetailsCard />
      </div>
    </>
  );
}
