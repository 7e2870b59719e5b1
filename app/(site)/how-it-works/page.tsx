import { AffiliateSection } from "@/components/referrals/affiliate-section";
import { HowItWorksHero } from "@/components/how-it-works/how-it-works-hero";
import { JourneySteps } from "@/components/how-it-works/journey-steps";
import { PricingSection } from "@/components/pricing/pricing-section";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "How It Works",
  description:
    "Wear a CGM for 14 days: one week observing your normal life, one week testing changes, with an AI coach in Telegram and a human coach. Compare plans and prices.",
  path: "/how-it-works",
});

export default function HowItWorksPage() {
  return (
    <>
      <HowItWorksHero />
      <JourneySteps />
      <PricingSection />
      <AffiliateSection />
    </>
  );
}
