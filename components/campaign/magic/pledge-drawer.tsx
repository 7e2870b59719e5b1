"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import Link from "next/link";
import confetti from "canvas-confetti";
import { Award, Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Drawer, DrawerContent, DrawerDescription, DrawerHeader, DrawerTitle } from "@/components/ui/drawer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  CONFETTI,
  CONFETTI_DELAY_MS,
  DRAWER_CLOSE_THRESHOLD,
  DRAWER_SCROLL_LOCK_MS,
  PLEDGE_STEPS,
  SHARE_TO_BADGE_MS,
  impactFromShare,
  pledgeFormReady,
} from "@/lib/campaign/pledge-drawer-rules";
import { SHARE_TARGETS, shareUrl, type ShareTarget } from "@/lib/campaign/share-links";
import { siteUrl } from "@/lib/site";
import { ApiRequestError } from "@/components/api/api-request-error";
import { useWrite } from "@/components/api/use-write";
import { problemMessage, takePledge } from "../shared/campaign-api";

/** Shown while a pledge the server turned away at a peak waits to be sent again by itself. */
export const PLEDGE_BUSY_STATUS = "Busy, trying again in a few seconds…";
/** Once those sends are spent: the details are kept, so trying again needs no retyping. */
export const PLEDGE_BUSY_FAILED =
  "So many people are pledging right now that we couldn't take yours in. Your details are still here: please try again in a minute.";

/** Whether the server still turned the pledge away as busy after the drawer's own retries. */
const stillBusy = (failure: unknown) => failure instanceof ApiRequestError && failure.status === 503 && failure.code === "busy";

export type PledgeDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the drawer has closed (it is opened by an event, not a trigger). */
  onCloseAutoFocus?: (event: Event) => void;
};

type Step = 1 | 2 | 3;

function StepIndicator({ step }: { step: Step }) {
  return (
    <ol className="flex items-center justify-center gap-2 text-xs sm:text-sm" aria-label="Pledge steps">
      {PLEDGE_STEPS.map((label, i) => {
        const n = i + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li key={label} aria-current={state === "current" ? "step" : undefined} className="flex items-center gap-1.5">
            <span
              className={`flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                state === "todo" ? "bg-muted text-muted-foreground" : "bg-primary text-primary-foreground"
              }`}
            >
              {state === "done" ? <Check aria-hidden="true" className="size-3.5" /> : n}
            </span>
            <span className={state === "current" ? "font-semibold" : "text-muted-foreground"}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * SPEC §4 Pledge drawer: Your Info → Your Pledge (confetti) → Your Badge after a share. D18: the
 * pledge counts once its address confirms it, so the number and badge arrive by email then, and the
 * drawer says so instead of showing them (the answer is the same for every address).
 */
export function PledgeDrawer({ open, onOpenChange, onCloseAutoFocus }: PledgeDrawerProps) {
  const [step, setStep] = useState<Step>(1);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const write = useWrite({ message: (failure) => (stillBusy(failure) ? PLEDGE_BUSY_FAILED : problemMessage(failure)) });
  const { busy: sending, error } = write;
  // Waiting to send a busy pledge again by itself; then whether its retries were spent (a retry button).
  const [busy, setBusy] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [impact, setImpact] = useState(0);
  const timers = useRef<number[]>([]);
  const id = useId();

  useEffect(
    () => () => {
      timers.current.forEach((t) => window.clearTimeout(t));
      // A drawer taken off the page sends nothing more.
      pending.current?.abort();
    },
    [],
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  async function send() {
    if (!pledgeFormReady(name, email) || sending) return;
    const sent: { controller: AbortController | null } = { controller: null };
    const outcome = await write.run(() => {
      const controller = new AbortController();
      sent.controller = pending.current = controller;
      return takePledge({ name, email }, { signal: controller.signal, onBusy: () => setBusy(true) });
    });
    const { controller } = sent;
    // A second press while the first is under way sent nothing.
    if (!controller) return;
    if (pending.current === controller) pending.current = null;
    if (controller.signal.aborted) return;
    setBusy(false);
    if (!outcome.ok) {
      setGaveUp(stillBusy(outcome.error));
      return;
    }
    setGaveUp(false);
    setSentTo(email.trim());
    setStep(2);
    timers.current.push(
      window.setTimeout(() => {
        // On the main thread: the library's default draws in a worker made from a blob: URL,
        // which the page's Content-Security-Policy (rightly) does not allow.
        void confetti.create(undefined, { resize: true, useWorker: false })({ ...CONFETTI });
      }, CONFETTI_DELAY_MS),
    );
  }

  function onShare(target: ShareTarget) {
    window.open(shareUrl(target, siteUrl("/magic")), "_blank", "noopener,noreferrer");
    setImpact((n) => n + impactFromShare());
    timers.current.push(window.setTimeout(() => setStep(3), SHARE_TO_BADGE_MS));
  }

  return (
    <Drawer open={open} onOpenChange={onOpenChange} closeThreshold={DRAWER_CLOSE_THRESHOLD} scrollLockTimeout={DRAWER_SCROLL_LOCK_MS}>
      <DrawerContent aria-describedby={`${id}-description`} onCloseAutoFocus={onCloseAutoFocus}>
        <div className="mx-auto w-full max-w-lg overflow-y-auto px-4 pb-8">
          <DrawerHeader>
            <DrawerTitle>Take the Pledge</DrawerTitle>
            <DrawerDescription id={`${id}-description`}>Join a million people who know their glucose.</DrawerDescription>
          </DrawerHeader>
          <StepIndicator step={step} />

          {step === 1 ? (
            <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4" aria-label="Your Info">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-name`}>Your name</Label>
                <Input
                  id={`${id}-name`}
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={100}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-email`}>Email</Label>
                <Input
                  id={`${id}-email`}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <div className="min-h-5 text-sm">
                <p role="status" className="text-muted-foreground">
                  {busy ? PLEDGE_BUSY_STATUS : null}
                </p>
                <p role="alert" className="text-destructive">
                  {error}
                </p>
              </div>
              {/* Kept on the page while it sends, so the focus stays where the visitor left it. */}
              {gaveUp ? (
                <Button type="button" variant="outline" aria-disabled={sending} onClick={() => void send()}>
                  {sending ? "Trying again…" : "Try again"}
                </Button>
              ) : null}
              <Button type="submit" size="lg" disabled={sending}>
                {sending ? "Taking the pledge…" : "Take the Pledge"}
              </Button>
            </form>
          ) : null}

          {step === 2 && sentTo ? (
            <div className="mt-6 flex flex-col items-center gap-4 text-center">
              <p className="text-lg font-semibold" role="status">
                Check your inbox to confirm your pledge
              </p>
              <p className="text-sm text-muted-foreground">
                We have sent a confirmation link to {sentTo}. Your pledge number and badge follow once you confirm.
              </p>
              <blockquote className="rounded-lg bg-secondary/60 p-4 text-sm">
                I pledge to learn what my glucose is telling me, to share what I learn, and to help one more person do the same.
              </blockquote>
              <p className="text-sm font-medium">Share your pledge to unlock your badge:</p>
              <div className="grid w-full grid-cols-2 gap-2">
                {SHARE_TARGETS.map(({ target, label }) => (
                  <Button key={target} type="button" variant="outline" onClick={() => onShare(target)}>
                    {label}
                  </Button>
                ))}
              </div>
              {impact > 0 ? <p className="text-sm text-muted-foreground">Your impact: {impact} people reached</p> : null}
            </div>
          ) : null}

          {step === 3 ? (
            <div className="mt-6 flex flex-col items-center gap-4 text-center">
              <div className="flex size-40 flex-col items-center justify-center rounded-full bg-gradient-to-br from-teal-200 to-teal-500 text-teal-950 shadow-lg ring-4 ring-background">
                <Award aria-hidden="true" className="size-10" />
                <span className="mt-1 text-sm font-bold">Your badge</span>
              </div>
              <p className="text-lg font-semibold">Your badge is on its way</p>
              <p className="text-sm text-muted-foreground">Confirm your email and we will send your pledge number and badge.</p>
              <p className="text-sm text-muted-foreground">Your impact: {impact} people reached</p>
              <Button asChild size="lg">
                <Link href="/auth">
                  <Award aria-hidden="true" /> Claim Your Badge
                </Link>
              </Button>
            </div>
          ) : null}
        </div>
      </DrawerContent>
    </Drawer>
  );
}
