"use client";

import { Sparkles, X } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { storeRecommendedPlan } from "@/components/pricing/stored-recommended-plan";
import type { QuestionnaireResult } from "@/lib/questionnaire/questionnaire";
import { applyStartRule } from "@/lib/assistant/widget-state";
import { ChatView } from "./chat-view";
import { ModeSwitch } from "./mode-switch";
import { QuestionnaireView } from "./questionnaire-view";
import { readWidgetState } from "./stored-widget-state";
import { useWidgetState } from "./use-widget-state";

const PRICING_PATH = "/how-it-works";
const PRICING_ANCHOR = "pricing";

export type AssistantPanelProps = {
  /**
   * Grows each time a person opens the widget; the panel then takes focus. 0 means the page opened
   * it (first visit or a widget left open), so SPEC §4's start rule applies.
   */
  focusRequest: number;
  /** The widget collapsed; `announcement` is for screen readers. */
  onCollapse: (announcement?: string) => void;
};

/**
 * Applies SPEC §4's start rule to what storage holds, once mounted: `onStartsOpen` when the widget
 * should be open as the page loads. It renders nothing; the launcher mounts it only when a cheap
 * look at storage says the widget may start open, so the rule's code loads only then.
 */
export function StoredStartCheck({ onStartsOpen }: { onStartsOpen: () => void }) {
  useEffect(() => {
    if (applyStartRule(readWidgetState()).mode !== "collapsed") onStartsOpen();
  }, [onStartsOpen]);
  return null;
}

function scrollToPricing(): void {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  document.getElementById(PRICING_ANCHOR)?.scrollIntoView?.({ behavior: reduceMotion ? "auto" : "smooth" });
}

/** The assistant: a non-modal panel with the questionnaire and the coach chat. */
export function AssistantPanel({ focusRequest, onCollapse }: AssistantPanelProps) {
  const [state, dispatch] = useWidgetState(focusRequest > 0);
  const [focusChat, setFocusChat] = useState(false);
  const router = useRouter();
  const pathname = usePathname();
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focusRequest > 0) panelRef.current?.focus();
  }, [focusRequest]);

  function collapse(announcement?: string) {
    dispatch({ type: "collapse" });
    onCollapse(announcement);
  }

  function reviewPlan(result: QuestionnaireResult) {
    storeRecommendedPlan(result.planType);
    collapse(`We recommend the ${result.planName} plan.`);
    if (pathname === PRICING_PATH) scrollToPricing();
    else router.push(`${PRICING_PATH}#${PRICING_ANCHOR}`);
  }

  function talkToCoach() {
    setFocusChat(true);
    dispatch({ type: "switchMode", mode: "chat" });
  }

  const mode = state.mode === "chat" ? "chat" : "questionnaire";

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        collapse();
      }}
      className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col overflow-hidden rounded-t-2xl border bg-card text-card-foreground shadow-2xl outline-none md:inset-x-auto md:right-6 md:bottom-6 md:max-h-[min(640px,calc(100dvh-7rem))] md:w-[380px] md:rounded-2xl print:hidden"
    >
      {/* A plain block, not <header>: the dialog's top is not a second banner landmark of the page. */}
      <div className="space-y-3 border-b px-4 pt-3 pb-3">
        <div className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          <h2 id={titleId} className="flex-1 text-base font-semibold">
            Glucose assistant
          </h2>
          <button
            type="button"
            aria-label="Close assistant"
            onClick={() => collapse()}
            className="flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <ModeSwitch mode={mode} onChange={(next) => dispatch({ type: "switchMode", mode: next })} />
      </div>
      {mode === "chat" ? (
        <ChatView history={state.chatHistory} dispatch={dispatch} focusOnMount={focusChat} />
      ) : (
        <QuestionnaireView state={state} dispatch={dispatch} onTalkToCoach={talkToCoach} onReviewPlan={reviewPlan} />
      )}
    </section>
  );
}
