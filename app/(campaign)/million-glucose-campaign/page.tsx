import {
  CampaignHero,
  CampaignMission,
  CampaignWizardSection,
  CommunityStories,
} from "@/components/campaign/wizard/campaign-page-sections";
import { SiteHeader } from "@/components/layout/site-header";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "Share Your Glucose Story: the Million Glucose Voices campaign",
  description:
    "Pick a topic, answer a prompt and record a video of up to 3 minutes about what your glucose taught you. Your story joins a million others.",
  path: "/million-glucose-campaign",
});

export default function MillionGlucoseCampaignPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="pt-20">
        <CampaignHero />
        <CampaignMission />
        <CampaignWizardSection />
        <CommunityStories />
      </main>
    </>
  );
}
