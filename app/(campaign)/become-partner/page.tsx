import {
  PartnerContact,
  PartnerHero,
  PartnerPledgeSection,
  PartnerSteps,
  SamplePartners,
} from "@/components/campaign/partner/partner-page-sections";
import { SiteHeader } from "@/components/layout/site-header";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "Become a MAGIC Partner",
  description:
    "Bring the Million Glucose Awareness Campaign to your clinic, school, company or community: sign the partner pledge and download the welcome kit.",
  path: "/become-partner",
});

export default function BecomePartnerPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="pt-20">
        <PartnerHero />
        <SamplePartners />
        <PartnerSteps />
        <PartnerPledgeSection />
        <PartnerContact />
      </main>
    </>
  );
}
