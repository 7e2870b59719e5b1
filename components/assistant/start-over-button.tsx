import { RotateCcw } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

/** Resets the questionnaire (SPEC §4: index 0, answers and result cleared). */
export function StartOverButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={buttonVariants({ variant: "link", size: "sm" })} onClick={onClick}>
      <RotateCcw aria-hidden="true" />
      Start over
    </button>
  );
}
