/**
 * Where the dashboard's data goes, below the welcome line (SPEC §2 Dashboard):
 * - four stat cards: Total Visitors, Inquirers (Leads on mobile), Subscribers (Conversions on
 *   mobile) and Community Rewards (commission in dollars, '20% profit for each person you help');
 * - below them the cohort card (duration_days / 7 as weeks; the empty card shows 0 / 20 and
 *   '4 Weeks'), the badge gallery and the affiliate details card (link, coupon code, stats).
 * They come with the affiliate, cohort and badge data. Until then this renders nothing rather
 * than cards that look like data.
 */
export function DashboardSections() {
  return null;
}
