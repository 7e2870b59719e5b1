import { CareerHero } from "@/components/career/career-hero";
import { GetInTouchSection } from "@/components/career/get-in-touch-section";
import { OpenPositionsSection } from "@/components/career/open-positions-section";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "Careers",
  description:
    "Join the Glucose Challenge team. We are hiring a part-time health coach, a senior full-stack engineer and a community and partnerships manager. Remote-first.",
  path: "/career",
});

export default function CareerPage() {
  return (
    <>
      <CareerHero />
      <OpenPositionsSection />
      <GetInTouchSection />
    </>
  );
}
