"use client";

import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useRestoredFromCache } from "@/components/hooks/use-restored-from-cache";
import { cn } from "@/lib/cn";
import { GoogleMark } from "./google-mark";
import { googleSignInHref, type GoogleSignInStart } from "./google-sign-in";

type GoogleSignInButtonProps = GoogleSignInStart & {
  busy: boolean;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
  /** Runs as the visitor leaves for Google; false keeps them here (it says why). */
  onStart?: () => boolean;
  className?: string;
  "aria-describedby"?: string;
};

/**
 * 'Continue with Google': a link to /auth/google, which starts the consent round trip and comes
 * back through /auth/callback. If it cannot start it returns to `back` (default /auth) with
 * error=google, where the page shows 'Sign in failed'.
 */
export function GoogleSignInButton({
  busy,
  disabled,
  onBusyChange,
  onStart,
  className,
  "aria-describedby": describedBy,
  ...start
}: GoogleSignInButtonProps) {
  useRestoredFromCache(() => onBusyChange(false));

  return (
    <Button asChild variant="outline" className={cn("w-full", className)}>
      <a
        href={googleSignInHref(start)}
        aria-describedby={describedBy}
        aria-disabled={disabled || undefined}
        aria-busy={busy || undefined}
        onClick={(event) => {
          if (disabled || (onStart && !onStart())) {
            event.preventDefault();
            return;
          }
          onBusyChange(true);
        }}
      >
        {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <GoogleMark />}
        Continue with Google
      </a>
    </Button>
  );
}
