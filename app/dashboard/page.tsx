import { redirect } from "next/navigation";
import { dashboardQueries } from "@/components/dashboard/dashboard-queries";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { pageMetadata } from "@/lib/page-metadata";
import { walkthroughComesFirst } from "@/lib/telegram/bot-setup-rules";
import { currentUser } from "@/server/auth/current-user";
import { dashboardInitialData } from "@/server/dashboard/initial-data";

export const metadata = pageMetadata({
  title: "Dashboard",
  description: "Your Glucose Challenge dashboard: your account, your cohort and your coach bot.",
  path: "/dashboard",
  noindex: true,
});

/** The signed-in member, their cards' data and when it was read, or null when nobody is signed in. */
async function loadDashboard() {
  const user = await currentUser();
  if (!user) return null;
  const loadedAt = Date.now();
  const read = await dashboardInitialData(user);
  return {
    email: user.email ?? "",
    loadedAt,
    queries: dashboardQueries(read, loadedAt),
    // A paid member without the coach bot linked sees its walkthrough first.
    botSetupFirst: walkthroughComesFirst(read.subscription?.hasSubscription === true, read.botSetup),
  };
}

export default async function DashboardPage() {
  // The proxy already sends signed-out visitors to /auth; this covers a session that ended since.
  const dashboard = await loadDashboard();
  if (!dashboard) redirect("/auth");
  return <DashboardShell {...dashboard} />;
}
