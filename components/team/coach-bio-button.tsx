"use client";

import { lazyComponent } from "@/components/lazy/lazy-component";
import { useDialogOpener } from "@/components/lazy/use-dialog-opener";
import type { TeamMember } from "./team-members";

const CoachBioDialog = lazyComponent(() => import("./coach-bio-dialog").then((m) => m.CoachBioDialog));

/** The coach's name as the button that opens their bio. */
export function CoachBioButton({ coach, tone }: { coach: TeamMember; tone: number }) {
  const { mounted, dialogProps, triggerProps } = useDialogOpener();

  return (
    <>
      <button
        {...triggerProps}
        className="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
      >
        {coach.name}
      </button>
      {mounted ? <CoachBioDialog {...dialogProps} coach={coach} tone={tone} /> : null}
    </>
  );
}
