import Link from "next/link";
import { Toaster } from "@/components/ui/sonner";
import { requireOperatorPage } from "@/server/operator/operator-page";

// D17: the operator area. The layout checks too, so its navigation is never drawn for anyone else;
// each page checks again, since a layout is not re-run on every navigation.
export const metadata = { title: "Operator", robots: { index: false, follow: false } };

const SECTIONS = [
  ["/operator/cohorts", "Cohorts"],
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
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <nav aria-label="Operator" className="flex items-center gap-6 text-sm font-medium">
            <span className="font-semibold">Operator</span>
            {SECTIONS.map(([href, label]) => (
              <Link key={href} className="underline-offset-4 hover:underline" href={href}>
                {label}
              </Link>
            ))}
          </nav>
          <p className="text-sm text-muted-foreground">Signed in as {operator.email}</p>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      <Toaster />
    </div>
  );
}
