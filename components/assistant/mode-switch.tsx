import { clsx } from "clsx";
import type { OpenWidgetMode } from "@/lib/assistant/widget-state";

const MODES: readonly { mode: OpenWidgetMode; label: string }[] = [
  { mode: "questionnaire", label: "Questionnaire" },
  { mode: "chat", label: "Chat" },
];

type ModeSwitchProps = { mode: OpenWidgetMode; onChange: (mode: OpenWidgetMode) => void };

/** Two toggle buttons that switch the widget between the questionnaire and the chat. */
export function ModeSwitch({ mode, onChange }: ModeSwitchProps) {
  return (
    <div role="group" aria-label="Assistant mode" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
      {MODES.map((option) => {
        const active = option.mode === mode;
        return (
          <button
            key={option.mode}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.mode)}
            className={clsx(
              "rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              active ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
