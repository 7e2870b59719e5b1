import Link from "next/link";
import { OperatorNav } from "@/components/operator/operator-nav";
import { Toaster } from "@/components/ui/sonner";
import { requireOperatorPage } from "@/server/operator/operator-page";

// D17: the operator area. The layout checks too, so its navigation is never drawn for anyone else;
// each page checks again, since a layout is not re-run on every navigation.
export const metadata = { title: "Operator", robots: { index: false, follow: false } };

const SECTIONS = [
  ["/operator/cohorts", "Cohorts"],
  ["/operator/programme", "Programme"],
  ["/operator/orders", "Orders"],
  ["/operator/affiliates", "Affiliates"],
  ["/operator/campaign", "Campaign"],
  ["/operator/health", "Health"],
  ["/operator/audit", "Audit log"],
] as const;

export default async function OperatorLayout({ children }: { children: React.ReactNode }) {
  const operator = await requireOperatorPage();
  return (
    <div className="min-h-dvh bg-muted/30">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="relative border-b bg-background">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
          <div className="flex items-center gap-6">
            <Link className="font-semibold underline-offset-4 hover:underline" href="/operator">
              Operator
            </Link>
            <OperatorNav sections={SECTIONS} />
          </div>
          <p className="min-w-0 break-words text-sm text-muted-foreground">Signed in as {operator.email}</p>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      <Toaster />
    </div>
  );
}
