import Link from "next/link";
import { ArrowRight, Building2, HeartPulse, Megaphone, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CommunityHighlights } from "./community-highlights";
import { PartnersJoined, PledgeCounter } from "./pledge-counter";
import { StoryForm } from "./story-form";
import { TakePledgeButton } from "./take-pledge-button";

export function MagicHero() {
  return (
    <section aria-labelledby="magic-title" className="bg-gradient-to-b from-primary/10 to-background">
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Million Glucose Awareness Campaign</p>
        <h1 id="magic-title" className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-6xl">
          One million people who know their glucose
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
          MAGIC brings people, clinics, schools and employers together to make glucose something everyone understands. Take the pledge,
          share your story and bring one more person with you.
        </p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <TakePledgeButton size="lg">Take the Pledge</TakePledgeButton>
          <Button asChild size="lg" variant="outline">
            <a href="#story">Share My Story</a>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link href="/become-partner">
              Become a Partner <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <div className="mt-6">
          <PledgeCounter />
        </div>
      </div>
    </section>
  );
}

const PILLARS = [
  {
    icon: HeartPulse,
    title: "Know your numbers",
    text: "A glucose curve tells you more than a yearly check-up. We help people see theirs.",
  },
  {
    icon: Megaphone,
    title: "Share what you learn",
    text: "Stories travel further than statistics. Every story shared reaches a new family.",
  },
  { icon: Users, title: "Bring one more", text: "Each pledge asks one more person to join. That is how a million happens." },
];

export function MagicAbout() {
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-[100px]">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="about-title" className="text-center text-3xl font-bold">
          About the campaign
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-muted-foreground">
          One in three adults has prediabetes and most do not know it. MAGIC (the Million Glucose Awareness Campaign) exists to change that,
          one conversation at a time.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {PILLARS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function MagicPartner() {
  return (
    <section id="partner" aria-labelledby="partner-title" className="scroll-mt-[100px] bg-secondary/40">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
        <Building2 aria-hidden="true" className="size-10 text-primary" />
        <h2 id="partner-title" className="text-3xl font-bold">
          Partner with MAGIC
        </h2>
        <p className="max-w-2xl text-muted-foreground">
          Clinics, schools, employers, NGOs and governments bring the campaign to the people they serve. Sign the partner pledge and get a
          welcome kit with everything you need for your first activity.
        </p>
        <Button asChild size="lg">
          <Link href="/become-partner">Become a Partner</Link>
        </Button>
      </div>
    </section>
  );
}

export function MagicHighlights() {
  return (
    <section id="highlights" aria-labelledby="highlights-title" className="scroll-mt-[100px]">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <h2 id="highlights-title" className="text-3xl font-bold">
            Community highlights
          </h2>
          <PartnersJoined />
        </div>
        <div className="mt-10">
          <CommunityHighlights />
        </div>
      </div>
    </section>
  );
}

export function MagicStory() {
  return (
    <section id="story" aria-labelledby="story-title" className="scroll-mt-[100px] bg-secondary/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="story-title" className="text-3xl font-bold">
            Share Your Story
          </h2>
          <p className="mt-4 text-muted-foreground">
            A surprise on your CGM, a family history, a myth you used to believe: your story helps someone else see their own glucose
            differently.
          </p>
        </div>
        <StoryForm />
      </div>
    </section>
  );
}

export function MagicClosing() {
  return (
    <section aria-labelledby="closing-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 py-16 text-center sm:px-6">
        <h2 id="closing-title" className="text-3xl font-bold">
          Ready to see your own glucose?
        </h2>
        <p className="max-w-2xl opacity-90">Join the 14-day Glucose Challenge: a CGM, a coach and a cohort learning alongside you.</p>
        <Button asChild size="lg" variant="secondary">
          <Link href="/">Visit the Glucose Challenge</Link>
        </Button>
      </div>
    </section>
  );
}
