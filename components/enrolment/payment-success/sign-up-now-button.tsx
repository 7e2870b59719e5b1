"use client";

import { buttonVariants } from "@/components/ui/button-variants";
import { useLazyDialog } from "@/components/ui/use-lazy-dialog";

/** SPEC §2: an anonymous buyer's 'Sign Up Now', opening the sign-up dialog (loaded on first press). */
export function SignUpNowButton() {
  const { Dialog, dialogProps, triggerProps } = useLazyDialog(() =>
    import("./sign-up-now-dialog").then((m) => m.SignUpNowDialog),
  );
  return (
    <>
      <button {...triggerProps} className={buttonVariants({ size: "lg" })}>
        Sign Up Now
      </button>
      {Dialog ? <Dialog {...dialogProps} /> : null}
    </>
  );
}
