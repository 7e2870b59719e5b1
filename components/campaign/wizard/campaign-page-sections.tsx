import Link from "next/link";
import { Quote } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CommunityStoryGrid } from "./community-story-grid";
import { StoryWizard } from "./story-wizard";
import { VoiceInvitation } from "./voice-invitation";

export function CampaignHero() {
  return (
    <section aria-labelledby="campaign-title" className="bg-gradient-to-b from-primary/10 to-background">
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">The Million Glucose Voices campaign</p>
        <h1 id="campaign-title" className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">
          Your glucose story could change someone&apos;s life
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
          Record a short video about what you learned from your glucose. In five easy steps your story joins a million others.
        </p>
        <VoiceInvitation />
        <Button asChild size="lg" className="mt-8">
          <a href="#share-your-story">Share Your Story</a>
        </Button>
      </div>
    </section>
  );
}

export function CampaignMission() {
  return (
    <section aria-labelledby="mission-title">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="mission-title" className="text-3xl font-bold">
            Our mission
          </h2>
          <p className="mt-4 text-muted-foreground">
            Most people with prediabetes don&apos;t know they have it. Numbers rarely change minds; stories do. We are collecting a million
            real glucose stories so that everyone hears one from someone like them.
          </p>
        </div>
        <figure className="rounded-2xl border bg-secondary/40 p-8">
          <Quote aria-hidden="true" className="size-8 text-primary" />
          <blockquote className="mt-3 text-lg font-medium">
            &ldquo;The day I saw my own glucose curve, I understood more than in ten years of advice. Imagine a million people having that
            moment.&rdquo;
          </blockquote>
          <figcaption className="mt-4 text-sm text-muted-foreground">Founder, Glucose Challenge</figcaption>
        </figure>
      </div>
    </section>
  );
}

export function CampaignWizardSection() {
  return (
    <section id="share-your-story" aria-labelledby="wizard-title" className="scroll-mt-[100px] bg-secondary/40">
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <h2 id="wizard-title" className="mb-8 text-center text-3xl font-bold">
          Share your story in five steps
        </h2>
        <StoryWizard />
      </div>
    </section>
  );
}

export function CommunityStories() {
  return (
    <section aria-labelledby="community-title">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="community-title" className="text-center text-3xl font-bold">
          Community stories
        </h2>
        <CommunityStoryGrid />
        <div className="mt-8 text-center">
          <Button asChild variant="outline" size="lg">
            <Link href="/magic#highlights">View All Stories</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
