import { RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Resets the questionnaire (SPEC §4: index 0, answers and result cleared). */
export function StartOverButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="link" size="sm" onClick={onClick}>
      <RotateCcw aria-hidden="true" />
      Start over
    </Button>
  );
}
