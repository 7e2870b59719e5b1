"use client";

import { Suspense } from "react";
import { AffiliateDetailsCard } from "./affiliate/affiliate-details-card";
import { AffiliateStatCards } from "./affiliate/affiliate-stat-cards";
import { FunnelChartCard } from "./affiliate/funnel-chart-card";
import { useReportReferralLead } from "./affiliate/use-affiliate-queries";
import { BadgeGallery } from "./badges/badge-gallery";
import { CurrentCohortCard } from "./cohort/current-cohort-card";
import { ProgrammeCard } from "./programme-messages/programme-card";
import { ProgrammeFeedbackCard } from "./programme-messages/programme-feedback-card";
import { TimeZoneCard } from "./time-zone/time-zone-card";

/**
 * Where the dashboard's data goes, below the welcome line (SPEC §2 Dashboard):
 * - four stat cards: Total Visitors, Inquirers (Leads on mobile), Subscribers (Conversions on
 *   mobile) and Community Rewards (commission in dollars, '20% profit for each person you help');
 * - below them the cohort card, the feedback question once a cohort ended (when it was asked), the
 *   member's time zone that its days are counted in (D19), the programme messages' hour, channel and
 *   pause, the badge gallery and the affiliate details card (link, coupon code, stats) with the
 *   referral chart, one column on phones and two from desktop width.
 *
 * Each card is a Suspense boundary of its own: nothing in them suspends, but React then hydrates the
 * server's HTML card by card, yielding to the browser between them instead of in one long task.
 */
export function DashboardSections() {
  useReportReferralLead();
  return (
    <>
      <Suspense>
        <AffiliateStatCards />
      </Suspense>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <Suspense>
            <CurrentCohortCard />
          </Suspense>
          <Suspense>
            <ProgrammeFeedbackCard />
          </Suspense>
          <Suspense>
            <TimeZoneCard />
          </Suspense>
          <Suspense>
            <ProgrammeCard />
          </Suspense>
          <Suspense>
            <BadgeGallery />
          </Suspense>
        </div>
        <div className="grid gap-6">
          <Suspense>
            <AffiliateDetailsCard />
          </Suspense>
          <Suspense>
            <FunnelChartCard />
          </Suspense>
        </div>
      </div>
    </>
  );
}
