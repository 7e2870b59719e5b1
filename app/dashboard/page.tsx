import { redirect } from "next/navigation";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { pageMetadata } from "@/lib/page-metadata";
import { createClient } from "@/server/supabase/server";

export const metadata = pageMetadata({
  title: "Dashboard",
  description: "Your Glucose Challenge dashboard: your account, your cohort and your coach bot.",
  path: "/dashboard",
  noindex: true,
});

/** The signed-in user's email, verified with getClaims, and when it was read. */
async function loadDashboardUser(): Promise<{ email: string; loadedAt: number } | null> {
  const supabase = await createClient();
  const { data } = await supabase.auth.getClaims();
  if (!data?.claims.sub) return null;
  return { email: typeof data.claims.email === "string" ? data.claims.email : "", loadedAt: Date.now() };
}

export default async function DashboardPage() {
  // The proxy already sends signed-out visitors to /auth; this covers a session that ended since.
  const user = await loadDashboardUser();
  if (!user) redirect("/auth");
  return <DashboardShell email={user.email} loadedAt={user.loadedAt} />;
}
