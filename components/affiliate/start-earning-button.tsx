"use client";

import { buttonVariants } from "@/components/ui/button-variants";
import { useLazyDialog } from "@/components/ui/use-lazy-dialog";

/** 'Start Earning Today': opens the sign-up dialog, whose code loads on the first press. */
export function StartEarningButton() {
  const { Dialog, dialogProps, triggerProps } = useLazyDialog(() =>
    import("./start-earning-dialog").then((m) => m.StartEarningDialog),
  );

  return (
    <>
      <button
        {...triggerProps}
        className={buttonVariants({ size: "lg" })}
      >
        Start Earning Today
      </button>
      {Dialog ? <Dialog {...dialogProps} /> : null}
    </>
  );
}
