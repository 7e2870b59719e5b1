import { redirect } from "next/navigation";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { pageMetadata } from "@/lib/page-metadata";
import { currentUser } from "@/server/auth/current-user";

export const metadata = pageMetadata({
  title: "Dashboard",
  description: "Your Glucose Challenge dashboard: your account, your cohort and your coach bot.",
  path: "/dashboard",
  noindex: true,
});

/** The signed-in member's email and when it was read. */
async function loadDashboardUser(): Promise<{ email: string; loadedAt: number } | null> {
  const user = await currentUser();
  return user && { email: user.email ?? "", loadedAt: Date.now() };
}

export default async function DashboardPage() {
  // The proxy already sends signed-out visitors to /auth; this covers a session that ended since.
  const user = await loadDashboardUser();
  if (!user) redirect("/auth");
  return <DashboardShell email={user.email} loadedAt={user.loadedAt} />;
}
