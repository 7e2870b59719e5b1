import { SiteFooter } from "@/components/layout/site-footer";

// The campaign pages: each brings its own header (/magic has a sticky one of its own), then the
// site's footer.
export default function CampaignLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      {children}
      <SiteFooter />
    </>
  );
}
