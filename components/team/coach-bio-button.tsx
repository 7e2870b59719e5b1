"use client";

import { useLazyDialog } from "@/components/ui/use-lazy-dialog";
import type { TeamMember } from "./team-members";

/** The coach's name as the button that opens their bio. */
export function CoachBioButton({ coach, tone }: { coach: TeamMember; tone: number }) {
  const { Dialog, dialogProps, triggerProps } = useLazyDialog(() =>
    import("./coach-bio-dialog").then((m) => m.CoachBioDialog),
  );

  return (
    <>
      <button
        {...triggerProps}
        className="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
      >
        {coach.name}
      </button>
      {Dialog ? <Dialog {...dialogProps} coach={coach} tone={tone} /> : null}
    </>
  );
}
