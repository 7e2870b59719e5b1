import { RefreshCw } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

type LoadErrorProps = {
  /** What failed to load, in the spec's words ('Failed to load cohorts. Please try again later.'). */
  message: string;
  onRetry: () => void;
};

/** The inline alert for data that failed to load, with a 'Try again' button. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>{message}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" /> Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export const CODE_LOAD_FAILED = "This part of the page could not load. Check your connection and try again.";

/**
 * What a part of a page loaded on demand (a dialog, a lightbox) shows when its code cannot be
 * fetched, instead of failing the page (components/lazy/lazy-component.tsx decides what 'Try again' does).
 */
export function CodeLoadError({ onRetry }: { onRetry: () => void }) {
  return <LoadError message={CODE_LOAD_FAILED} onRetry={onRetry} />;
}
