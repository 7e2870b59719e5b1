import { AdvisoryBoardSection } from "@/components/team/advisory-board-section";
import { BuildersSection } from "@/components/team/builders-section";
import { JoinUsSection } from "@/components/team/join-us-section";
import { MasterCoachesSection } from "@/components/team/master-coaches-section";
import { TeamHero } from "@/components/team/team-hero";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "Our Team",
  description:
    "Meet the Master Coaches who lead every cohort, the clinicians and researchers on our Advisory Board, and the team that builds the Glucose Challenge and its bot.",
  path: "/our-team",
});

export default function OurTeamPage() {
  return (
    <>
      <TeamHero />
      <MasterCoachesSection />
      <AdvisoryBoardSection />
      <BuildersSection />
      <JoinUsSection />
    </>
  );
}
