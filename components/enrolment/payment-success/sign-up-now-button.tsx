"use client";

import { lazyComponent } from "@/components/lazy/lazy-component";
import { useDialogOpener } from "@/components/lazy/use-dialog-opener";
import { buttonVariants } from "@/components/ui/button-variants";

const SignUpNowDialog = lazyComponent(() => import("./sign-up-now-dialog").then((m) => m.SignUpNowDialog));

/** SPEC §2: an anonymous buyer's 'Sign Up Now', opening the sign-up dialog (loaded when reached for). */
export function SignUpNowButton() {
  const { mounted, dialogProps, triggerProps } = useDialogOpener();
  return (
    <>
      <button {...triggerProps} className={buttonVariants({ size: "lg" })}>
        Sign Up Now
      </button>
      {mounted ? <SignUpNowDialog {...dialogProps} /> : null}
    </>
  );
}
