import { AssistantLauncher } from "@/components/assistant/assistant-launcher";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteToaster } from "@/components/layout/site-toaster";

export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="pt-20">
        {children}
      </main>
      <SiteFooter />
      <AssistantLauncher />
      <SiteToaster />
    </>
  );
}
