"use client";

import { useEffect } from "react";

export const APPLICATION_ERROR_TITLE = "Unexpected Application Error!";

/** SPEC §8: the generic screen for a route that failed to render. */
export function ApplicationError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{APPLICATION_ERROR_TITLE}</h1>
      <p className="text-muted-foreground">
        Something went wrong while showing this page. Trying again usually helps; if it keeps happening, come back in a few minutes.
      </p>
      {error.digest ? <p className="text-xs text-muted-foreground">Reference: {error.digest}</p> : null}
      <div className="flex gap-3">
        <button
          type="button"
          onClick={reset}
          className="h-10 rounded-md bg-primary px-4 font-medium text-primary-foreground hover:bg-primary/90"
        >
          Try again
        </button>
        {/* A full page load, not a client navigation: see eslint.config.mjs. */}
        <a href="/" className="inline-flex h-10 items-center rounded-md border px-4 font-medium hover:bg-muted">
          Go to home
        </a>
      </div>
    </div>
  );
}
