"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import {
  ADVANCE_AFTER_DONE_MS,
  ADVANCE_AFTER_SCAN_MS,
  BOT_SETUP_STEPS,
  canGoNext,
  canJumpTo,
  LAST_STEP,
  markDone,
  nextStep,
  OPEN_BOT_LINK_STEP,
  readProgress,
  walkthroughVisible,
  type BotSetupProgress,
} from "@/lib/telegram/bot-setup-rules";
import type { BotSetupProgressResponse } from "@/lib/telegram/bot-setup-schemas";
import { botSetupKeys } from "./bot-setup-query-keys";
import { Check } from "lucide-react";
import { StepContent } from "./bot-setup-steps";
import { StoryPostLink } from "./story-post-link";
import { BotNotLinkedCard, BotSetUpCard } from "./bot-setup-status-cards";
import { BOT_SETUP_SECTION_ID } from "./open-bot-setup";
import { onWindowEvent, windowEvents } from "@/components/window-events";
import { PendingTelegramLinkDialog } from "./pending-telegram-link-dialog";
import { useLinkPendingTelegram } from "./use-link-pending-telegram";
import { useBotSetupQuery, useSaveBotSetup } from "./use-bot-setup";

const STEP_PARAM = /^[0-3]$/;

/** SPEC §2 and §4: the four-step coach-bot walkthrough on the dashboard. */
export function BotSetupWalkthrough({ email }: { email: string }) {
  const query = useBotSetupQuery();
  const pendingLink = useLinkPendingTelegram(email);
  const save = useSaveBotSetup();
  const [forced, setForced] = useState(false);
  const [mobile, setMobile] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const progress: BotSetupProgress = readProgress(query.data ?? null);
  const queryClient = useQueryClient();
  // The newest progress, for timers that fire after a render.
  const latest = useCallback(
    () => readProgress(queryClient.getQueryData<BotSetupProgressResponse>(botSetupKeys.progress()) ?? null),
    [queryClient],
  );

  // A save that fails is put back and reported by useSaveBotSetup; `onFailed` undoes what hung on it.
  const { mutate } = save;
  const persist = useCallback(
    (next: BotSetupProgress, onFailed?: () => void) =>
      mutate({ currentStep: next.currentStep, completedSteps: next.completedSteps }, onFailed ? { onError: onFailed } : undefined),
    [mutate],
  );

  /** SPEC §4: marking a step done advances to the next one after 0.5 s (1 s after a QR scan). */
  const completeStep = useCallback(
    (step: number, delay: number) => {
      const done = markDone(latest(), step);
      if (timer.current) clearTimeout(timer.current);
      const advance = setTimeout(() => {
        const current = latest();
        if (current.currentStep === step && step < LAST_STEP) persist({ ...current, currentStep: nextStep(step) });
      }, delay);
      timer.current = advance;
      // A step whose 'done' was not saved does not move on.
      persist(done, () => clearTimeout(advance));
    },
    [persist, latest],
  );

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  useEffect(() => {
    const open = () => {
      setForced(true);
      requestAnimationFrame(() => heading.current?.focus());
    };
    // The header's link also works before the page is interactive (and as a shared address): the
    // address ends in #bot-setup, read when the walkthrough mounts and whenever it changes.
    const openFromAddress = () => {
      if (window.location.hash === `#${BOT_SETUP_SECTION_ID}`) open();
    };
    openFromAddress();
    window.addEventListener("hashchange", openFromAddress);
    const stop = onWindowEvent(windowEvents.openBotSetup, open);
    return () => {
      window.removeEventListener("hashchange", openFromAddress);
      stop();
    };
  }, []);

  // SPEC §2: the QR continues on the phone at /dashboard?step=…&mobile=…&qr=….
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !query.data) return;
    arrived.current = true;
    const params = new URLSearchParams(window.location.search);
    setMobile(params.get("mobile") === "true");
    const step = params.get("step");
    if (step && STEP_PARAM.test(step)) {
      const base = params.get("qr") === "true" ? markDone(latest(), 0) : latest();
      persist({ ...base, currentStep: Number(step) });
    }
  }, [query.data, persist, latest]);

  if (query.isPending) return null;
  // The bot's sign-in link links only once the member confirms it here.
  const confirmLink = (
    <PendingTelegramLinkDialog {...pendingLink} replaces={progress.telegramLinked ? { username: progress.telegramUsername } : null} />
  );
  if (query.isError) {
    return (
      <section id={BOT_SETUP_SECTION_ID} className="rounded-xl border bg-card p-6 text-sm text-muted-foreground">
        Failed to load your coach bot set-up. Please reload the page.
      </section>
    );
  }

  if (!walkthroughVisible(progress, forced)) {
    return (
      <>
        {confirmLink}
        {progress.telegramLinked ? (
          <BotSetUpCard username={progress.telegramUsername} onShowSteps={() => setForced(true)} />
        ) : (
          <BotNotLinkedCard onShowSteps={() => setForced(true)} />
        )}
      </>
    );
  }

  const current = progress.currentStep;
  const currentDone = progress.completedSteps.includes(current);
  return (
    <>
      {confirmLink}
      <section
        id={BOT_SETUP_SECTION_ID}
        aria-labelledby="bot-setup-title"
        className="scroll-mt-24 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
      >
        <h2
          id="bot-setup-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold tracking-tight focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
        >
          Set up your coach bot
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Step {current + 1} of {BOT_SETUP_STEPS.length}
        </p>
        <StoryPostLink linked={progress.telegramLinked} />
        <nav aria-label="Set-up steps" className="mt-4">
          <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {BOT_SETUP_STEPS.map((name, step) => {
              const done = progress.completedSteps.includes(step);
              return (
                <li key={name}>
                  <button
                    type="button"
                    disabled={!canJumpTo(progress, step)}
                    aria-current={step === current ? "step" : undefined}
                    onClick={() => persist({ ...progress, currentStep: step })}
                    className={cn(
                      "flex h-full w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50",
                      step === current ? "bg-primary text-primary-foreground" : "bg-muted/60 hover:bg-muted",
                    )}
                  >
                    <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full border border-current text-xs">
                      {done ? <Check className="size-4" /> : step + 1}
                    </span>
                    <span>
                      {name}
                      {done ? <span className="sr-only"> (done)</span> : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>

        <div className="mt-6 rounded-lg border p-4" aria-live="polite">
          <h3 className="font-semibold">{BOT_SETUP_STEPS[current]}</h3>
          <div className="mt-2 grid gap-3 text-sm">
            <StepContent
              step={current}
              email={email}
              mobile={mobile}
              done={currentDone}
              progress={progress}
              onScanned={() => completeStep(0, ADVANCE_AFTER_SCAN_MS)}
            />
          </div>
          {current !== OPEN_BOT_LINK_STEP || !progress.telegramLinked ? (
            <Button
              type="button"
              variant={currentDone ? "secondary" : "default"}
              className="mt-4"
              disabled={currentDone}
              onClick={() => completeStep(current, ADVANCE_AFTER_DONE_MS)}
            >
              {currentDone ? "Done" : "Mark as done"}
            </Button>
          ) : null}
        </div>

        <div className="mt-4 flex justify-between gap-2">
          <Button type="button" variant="ghost" disabled={current === 0} onClick={() => persist({ ...progress, currentStep: current - 1 })}>
            Back
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!canGoNext(progress)}
            onClick={() => (current === LAST_STEP ? setForced(false) : persist({ ...progress, currentStep: nextStep(current) }))}
          >
            {current === LAST_STEP ? "Finish" : "Next"}
          </Button>
        </div>
      </section>
    </>
  );
}
