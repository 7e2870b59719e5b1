import { ArrowRight } from "lucide-react";

import { CoachBioButton } from "./coach-bio-button";
import { InitialsAvatar } from "./initials-avatar";
import type { TeamMember } from "./team-members";

type CoachCardProps = { coach: TeamMember; tone: number };

/**
 * SPEC §2: a Master Coach card opens a modal with the bio (Escape closes, focus trapped, scroll
 * locked: the Dialog primitive's behaviour). The name is the trigger and stretches over the whole
 * card, so the card clicks as one.
 */
export function CoachCard({ coach, tone }: CoachCardProps) {
  const [summary] = coach.bio;

  return (
    <article className="relative flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2">
      <InitialsAvatar initials={coach.initials} tone={tone} size="lg" />
      <h3 className="mt-5 text-xl font-semibold">
        <CoachBioButton coach={coach} tone={tone} />
      </h3>
      <p className="mt-1 text-sm font-medium text-primary">{coach.role}</p>
      <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted-foreground">{summary}</p>
      <p aria-hidden="true" className="mt-auto flex items-center gap-1 pt-4 text-sm font-semibold text-primary">
        Read full bio <ArrowRight className="size-4" />
      </p>
    </article>
  );
}
