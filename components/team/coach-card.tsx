import { ArrowRight } from "lucide-react";

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { InitialsAvatar } from "./initials-avatar";
import type { TeamMember } from "./team-members";

type CoachCardProps = { coach: TeamMember; tone: number };

/**
 * SPEC §2: a Master Coach card opens a modal with the bio. The Dialog primitive brings Escape to
 * close, the focus trap and the scroll lock, and keeps its own open state. The name is the trigger
 * (announced as opening a dialog) and stretches over the whole card, so the card clicks as one.
 */
export function CoachCard({ coach, tone }: CoachCardProps) {
  const [summary] = coach.bio;

  return (
    <Dialog>
      <article className="relative flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2">
        <InitialsAvatar initials={coach.initials} tone={tone} size="lg" />
        <h3 className="mt-5 text-xl font-semibold">
          <DialogTrigger asChild>
            <button
              type="button"
              className="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
            >
              {coach.name}
            </button>
          </DialogTrigger>
        </h3>
        <p className="mt-1 text-sm font-medium text-primary">{coach.role}</p>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted-foreground">{summary}</p>
        <p aria-hidden="true" className="mt-auto flex items-center gap-1 pt-4 text-sm font-semibold text-primary">
          Read full bio <ArrowRight className="size-4" />
        </p>
      </article>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader className="flex-row items-center gap-4 text-left">
          <InitialsAvatar initials={coach.initials} tone={tone} />
          <div className="flex flex-col gap-1">
            <DialogTitle className="text-xl">{coach.name}</DialogTitle>
            <DialogDescription className="font-medium text-primary">{coach.role}</DialogDescription>
          </div>
        </DialogHeader>
        <div className="flex flex-col gap-3 text-sm leading-relaxed">
          {coach.bio.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
