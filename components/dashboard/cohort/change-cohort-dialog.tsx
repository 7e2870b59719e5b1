"use client";

import { useRef } from "react";
import { Slot } from "radix-ui";
import { useReachedFor } from "@/components/hooks/use-reached-for";
import { lazyComponent } from "@/components/lazy/lazy-component";

export type ChangeCohortMode = "change" | "join";

// The dialog (its cohort list, and the dialog primitive with its focus trap and scroll lock) loads
// once the member reaches for its button, not with the dashboard: most visits never open it.
const CohortChoiceDialog = lazyComponent(() => import("./cohort-choice-dialog").then((m) => m.CohortChoiceDialog));

type ChangeCohortDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'change' moves the member's seat; 'join' takes the seat a paid plan is owed. */
  mode: ChangeCohortMode;
  /** The member's cohort, left out of the choices. */
  currentCohortId: string | null;
  /** The button that opens the dialog; focus goes back to it on close. */
  children: React.ReactElement;
};

/**
 * SPEC §4: the button that opens the cohort choice, and the dialog itself, whose code starts loading
 * when the button is hovered, focused or touched, so it is there by the time it is clicked.
 */
export function ChangeCohortDialog({ open, onOpenChange, mode, currentCohortId, children }: ChangeCohortDialogProps) {
  const opener = useRef<HTMLElement>(null);
  const { reached, reach, reachProps } = useReachedFor();

  return (
    <>
      <Slot.Root
        ref={opener}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...reachProps}
        onClick={() => {
          reach();
          onOpenChange(true);
        }}
      >
        {children}
      </Slot.Root>
      {reached || open ? (
        <CohortChoiceDialog open={open} onOpenChange={onOpenChange} mode={mode} currentCohortId={currentCohortId} opener={opener} />
      ) : null}
    </>
  );
}
