import { MagicHeader } from "@/components/campaign/magic/magic-header";
import {
  MagicAbout,
  MagicClosing,
  MagicHero,
  MagicHighlights,
  MagicPartner,
  MagicStory,
} from "@/components/campaign/magic/magic-page-sections";
import { PledgeDrawerHost } from "@/components/campaign/magic/pledge-drawer-host";
import { pageMetadata } from "@/lib/page-metadata";

export const metadata = pageMetadata({
  title: "MAGIC: the Million Glucose Awareness Campaign",
  description:
    "Take the pledge, share your glucose story and help a million people understand their glucose. Earn a Founding 100, Pioneer 1K or Trailblazer 10K badge.",
  path: "/magic",
});

export default function MagicPage() {
  return (
    <>
      <MagicHeader />
      <main id="main">
        <MagicHero />
        <MagicAbout />
        <MagicPartner />
        <MagicHighlights />
        <MagicStory />
        <MagicClosing />
      </main>
      <PledgeDrawerHost />
    </>
  );
}
