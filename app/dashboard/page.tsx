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

export default async function DashboardPage() {
  // The proxy already sends signed-out visitors to /auth; this covers a session that ended since.
  const user = await currentUser();
  if (!user) redirect("/auth");
  const loadedAt = Date.now();
  const initialData = await dashboardInitialData(user);
  return <DashboardShell email={user.email ?? ""} loadedAt={loadedAt} initialData={initialData} />;
}
