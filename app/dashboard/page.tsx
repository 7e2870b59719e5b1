import { redirect } from "next/navigation";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { pageMetadata } from "@/lib/page-metadata";
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
  return { email: user.email ?? "", loadedAt, initialData: await dashboardInitialData(user) };
}

export default async function DashboardPage() {
  // The proxy already sends signed-out visitors to /auth; this covers a session that ended since.
  const dashboard = await loadDashboard();
  if (!dashboard) redirect("/auth");
  return <DashboardShell {...dashboard} />;
}
