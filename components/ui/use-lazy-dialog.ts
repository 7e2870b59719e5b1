"use client";

import { useRef, useState, type ComponentType } from "react";

/** What a lazily loaded dialog receives: controlled open state and where focus goes on close. */
export type LazyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * A dialog whose code loads on the first press of its trigger, so pages pay for it only when
 * someone opens it. Without a Radix trigger the dialog would drop focus on close; here it returns
 * to the button that opened it.
 */
export function useLazyDialog<P extends LazyDialogProps>(load: () => Promise<ComponentType<P>>) {
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(null);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  async function openDialog() {
    if (!Dialog) {
      const loaded = await load();
      setDialog(() => loaded);
    }
    setOpen(true);
  }

  const dialogProps: LazyDialogProps = {
    open,
    onOpenChange: setOpen,
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      triggerRef.current?.focus();
    },
  };

  // Spread on the <button> that opens the dialog.
  const triggerProps = {
    ref: triggerRef,
    type: "button",
    onClick: openDialog,
    "aria-haspopup": "dialog",
    "aria-expanded": open,
  } as const;

  return { Dialog, dialogProps, triggerProps };
}
