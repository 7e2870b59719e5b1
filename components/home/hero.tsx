import Link from "next/link";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { HERO_EYEBROW, HERO_LEAD, ROTATING_TOPICS } from "./hero-copy";
import { PromoVideo } from "./promo-video";

/** The landing hero: the animated headline, Join Now and the promo video. */
export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="space-y-6">
          <p className="inline-flex rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">{HERO_EYEBROW}</p>
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            See what{" "}
            <span className="relative inline-grid h-[1.2em] overflow-hidden align-bottom text-primary">
              <span className="sr-only">your food</span>
              <span aria-hidden="true" className="headline-rotator">
                {ROTATING_TOPICS.map((topic) => (
                  <span key={topic} className="block h-[1.2em] whitespace-nowrap">
                    {topic}
                  </span>
                ))}
              </span>
            </span>{" "}
            really does to your glucose.
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">{HERO_LEAD.join(" ")}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/how-it-works">
                Join Now <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/how-it-works#pricing">See plans and prices</Link>
            </Button>
          </div>
        </div>
        <PromoVideo />
      </div>
    </section>
  );
}
