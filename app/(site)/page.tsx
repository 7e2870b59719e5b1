import { FeaturesSection } from "@/components/home/features-section";
import { Hero } from "@/components/home/hero";
import { TestimonialsSection } from "@/components/home/testimonials-section";
import { pageMetadata } from "@/lib/page-metadata";
import { site } from "@/lib/site";

export const metadata = {
  ...pageMetadata({
    title: `${site.name}: a 14-day CGM glucose bootcamp with coaching`,
    description:
      "Wear a CGM for 14 days: 7 to observe, 7 to experiment with a coach. Learn how food, sleep and stress move your glucose and leave with a plan of your own.",
    path: "/",
  }),
  title: { absolute: `${site.name}: a 14-day CGM glucose bootcamp with coaching` },
};

export default function HomePage() {
  return (
    <>
      <Hero />
      <FeaturesSection />
      <TestimonialsSection />
    </>
  );
}
