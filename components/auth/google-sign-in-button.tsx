"use client";

import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useRestoredFromCache } from "@/components/hooks/use-restored-from-cache";
import { GoogleMark } from "./google-mark";

type GoogleSignInButtonProps = {
  /** Where to land after the round trip (a safe path). */
  next: string;
  busy: boolean;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
};

/**
 * 'Continue with Google': a link to /auth/google, which starts the consent round trip and comes
 * back through /auth/callback. If it cannot start it returns to /auth?error=google, where the
 * page shows 'Sign in failed'.
 */
export function GoogleSignInButton({ next, busy, disabled, onBusyChange }: GoogleSignInButtonProps) {
  useRestoredFromCache(() => onBusyChange(false));

  return (
    <Button asChild variant="outline" className="w-full">
      <a
        href={`/auth/google?${new URLSearchParams({ next })}`}
        aria-disabled={disabled || undefined}
        aria-busy={busy || undefined}
        onClick={(event) => {
          if (disabled) {
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
