import { Coins, Link2, Share2, type LucideIcon } from "lucide-react";

import { site } from "@/lib/site";
import { StartEarningButton } from "./start-earning-button";

type AffiliateStep = { title: string; description: string; icon: LucideIcon };

const AFFILIATE_STEPS: readonly AffiliateStep[] = [
  {
    title: "Get your link",
    description: "Create a free account. Your dashboard shows your personal referral link and a coupon code of your own.",
    icon: Link2,
  },
  {
    title: "Share what you learned",
    description:
      "Post your glucose discoveries, send the link to a friend or hand out your coupon code. It gives them 10% off their first payment.",
    icon: Share2,
  },
  {
    title: "Earn 20% commission",
    description:
      "When someone joins a paid plan through you, 20% of what they pay (before tax) is yours. Visitors, sign-ups and earnings are all in your dashboard.",
    icon: Coins,
  },
];

export function AffiliateSection() {
  return (
    <section id="affiliate" aria-labelledby="affiliate-title">
      <div className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-20 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-start">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">Affiliate programme</p>
            <h2 id="affiliate-title" className="mt-3 text-3xl font-bold tracking-tight md:text-4xl">
              Share the challenge, earn 20%
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              The best advert for the bootcamp is a friend who suddenly knows why they crash at 3 pm. If people ask you what changed, send
              them your link and we will thank you for every one who joins.
            </p>
            <dl className="mt-6 grid gap-4 rounded-xl border bg-card p-5 text-sm shadow-sm">
              <div>
                <dt className="font-semibold">Your link</dt>
                <dd className="mt-1 break-all font-mono text-muted-foreground">
                  {site.domain}/?via=<span className="text-foreground">YOURCODE</span>
                </dd>
              </div>
              <div>
                <dt className="font-semibold">Your coupon code</dt>
                <dd className="mt-1 text-muted-foreground">Friends enter it at checkout for 10% off.</dd>
              </div>
              <div>
                <dt className="font-semibold">Your reward</dt>
                <dd className="mt-1 text-muted-foreground">20% commission on every paid plan you refer.</dd>
              </div>
            </dl>
            <div className="mt-8">
              <StartEarningButton />
            </div>
          </div>
          <ol className="grid gap-4">
            {AFFILIATE_STEPS.map((step, index) => {
              const Icon = step.icon;
              return (
                <li key={step.title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold">
                      <span aria-hidden="true" className="text-muted-foreground">
                        {index + 1}.{" "}
                      </span>
                      {step.title}
                    </h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}
