import Link from "next/link";

import { Button } from "@/components/ui/button";
import { BootcampCurveIllustration } from "./bootcamp-curve-illustration";

export function HowItWorksHero() {
  return (
    <section aria-labelledby="how-it-works-title" className="bg-secondary/40">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:px-6 md:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">The 14-day glucose bootcamp</p>
          <h1 id="how-it-works-title" className="mt-3 text-4xl font-bold tracking-tight text-balance md:text-5xl">
            Two weeks with a CGM, one clear picture of your glucose
          </h1>
          <p className="mt-5 max-w-prose text-lg text-muted-foreground">
            For the first seven days you wear a continuous glucose monitor and simply live as you normally do. For the next seven you test
            small changes — a walk after dinner, protein before toast, an earlier night — and watch how your curve responds.
          </p>
          <p className="mt-4 max-w-prose text-muted-foreground">
            An AI coach in Telegram answers your questions around the clock, and a human coach guides your small cohort through what the
            numbers mean and what to try next.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              {/* A place on this page: a plain anchor (a Link would prefetch the page it is on). */}
              <a href="#pricing">See plans and prices</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/our-team">Meet the coaches</Link>
            </Button>
          </div>
        </div>
        <BootcampCurveIllustration className="h-auto w-full max-w-xl justify-self-center rounded-2xl shadow-sm" />
      </div>
    </section>
  );
}
