"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { OpenableDialogProps } from "@/components/lazy/use-dialog-opener";
import { InitialsAvatar } from "./initials-avatar";
import type { TeamMember } from "./team-members";

export type CoachBioDialogProps = OpenableDialogProps & { coach: TeamMember; tone: number };

/** A coach's full bio, loaded on the first press of their card. */
export function CoachBioDialog({ open, onOpenChange, onCloseAutoFocus, coach, tone }: CoachBioDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
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
