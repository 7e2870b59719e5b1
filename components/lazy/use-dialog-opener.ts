"use client";

import { useRef, useState } from "react";
import { useReachedFor } from "@/components/hooks/use-reached-for";

/** What a dialog opened by a button receives: controlled open state and where focus goes on close. */
export type OpenableDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * The button and the state of a dialog that loads late (a `lazyComponent`): render the dialog once
 * `mounted`, which turns true when the visitor reaches for the button (pointer over it, focus, a
 * touch), so its code is usually there by the click. Without a Radix trigger the dialog would drop
 * focus on close; here it returns to the button that opened it.
 */
export function useDialogOpener() {
  const [open, setOpen] = useState(false);
  const { reached, reach, reachProps } = useReachedFor();
  const triggerRef = useRef<HTMLButtonElement>(null);

  const dialogProps: OpenableDialogProps = {
    open,
    onOpenChange: setOpen,
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      triggerRef.current?.focus();
    },
  };

  // Spread on the <button> that opens the dialog.
  const triggerProps = {
    ...reachProps,
    ref: triggerRef,
    type: "button",
    onClick: () => {
      reach();
      setOpen(true);
    },
    "aria-haspopup": "dialog",
    "aria-expanded": open,
  } as const;

  return { mounted: reached || open, dialogProps, triggerProps };
}
