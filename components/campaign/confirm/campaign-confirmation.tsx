"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { Award, MailCheck, MailX } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { formatPledgeNumber } from "@/lib/campaign/badge-tier";
import type { RecordedStoryFormat } from "@/lib/campaign/campaign-options";
import { CONFIRMATION_TOKEN_PATTERN, type ConfirmationResult, type Pledge } from "@/lib/campaign/campaign-schemas";
import { PledgeBadgeMedal } from "../magic/pledge-badge-medal";
import { PartnerWelcomeActions } from "../partner/partner-welcome-actions";
import { confirmCampaignEmail, problemMessage } from "../shared/campaign-api";

/** A confirmed pledge whose number is still being given: the page asks again this often, this many times. */
const NUMBER_POLL_MS = 2000;
const NUMBER_POLLS = 5;

/**
 * D18: the page a confirmation email links to. Nothing is confirmed by opening it (a mail scanner
 * following the link confirms nothing): the reader presses the button, then sees what happened.
 */
export function CampaignConfirmation({ token }: { token: string }) {
  const [result, setResult] = useState<ConfirmationResult | null>(
    CONFIRMATION_TOKEN_PATTERN.test(token) ? null : { status: "invalid", purpose: null, pledge: null },
  );
  const { run, busy: sending, error } = useWrite({ message: problemMessage });
  const [polls, setPolls] = useState(0);
  // At a peak a confirmed pledge may be answered before its number is given: the link, used
  // again, answers with the number once it is (using it again changes nothing else).
  const numberComing = result !== null && result.purpose === "pledge" && result.status !== "invalid" && result.pledge === null;
  useEffect(() => {
    if (!numberComing || polls >= NUMBER_POLLS) return;
    const timer = setTimeout(async () => {
      try {
        const again = await confirmCampaignEmail(token);
        if (again.pledge) setResult((current) => (current ? { ...current, pledge: again.pledge } : current));
      } catch {
        // Asked again on the next turn; the badge email brings the number in any case.
      }
      setPolls((n) => n + 1);
    }, NUMBER_POLL_MS);
    return () => clearTimeout(timer);
  }, [numberComing, polls, token]);

  async function onConfirm() {
    const outcome = await run(() => confirmCampaignEmail(token));
    if (outcome.ok) setResult(outcome.data);
  }

  if (!result) {
    return (
      <>
        <MailCheck aria-hidden="true" className="size-12 text-primary" />
        <h1 className="text-3xl font-bold">Confirm your email</h1>
        <p className="text-muted-foreground">Press the button to confirm this address.</p>
        <p role="alert" className="min-h-5 text-sm text-destructive">
          {error}
        </p>
        <Button size="lg" onClick={onConfirm} disabled={sending}>
          {sending ? "Confirming…" : "Confirm my email"}
        </Button>
      </>
    );
  }

  if (result.status === "invalid") {
    return (
      <div role="status" className="flex flex-col items-center gap-4">
        <MailX aria-hidden="true" className="size-12 text-destructive" />
        <h1 className="text-3xl font-bold">This link has expired or is not valid</h1>
        <p className="text-muted-foreground">Confirmation links work for 72 hours. Send the form again and we will send a new one.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link href="/magic">Take the Pledge</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/become-partner">Become a Partner</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/magic#story">Share Your Story</Link>
          </Button>
        </div>
      </div>
    );
  }

  const again = result.status === "already-confirmed";
  return (
    <div role="status" className="flex flex-col items-center gap-4">
      {result.purpose === "partner" ? (
        <PartnerConfirmed again={again} />
      ) : result.purpose === "story-contact" ? (
        <StoryContactConfirmed format={result.storyFormat ?? "video"} />
      ) : result.pledge ? (
        <PledgeConfirmed pledge={result.pledge} again={again} />
      ) : (
        <PledgeNumberComing stillAsking={polls < NUMBER_POLLS} />
      )}
    </div>
  );
}

function PledgeConfirmed({ pledge, again }: { pledge: Pledge; again: boolean }) {
  return (
    <>
      <PledgeBadgeMedal tier={pledge.tier} name={pledge.badgeName} pledgeNumber={pledge.pledgeNumber} />
      <h1 className="text-3xl font-bold">You are pledger {formatPledgeNumber(pledge.pledgeNumber)}!</h1>
      <p className="text-muted-foreground">
        {again ? "Your pledge was already confirmed." : "Your pledge is confirmed."} Your badge: {pledge.badgeName}. We have emailed it to
        you.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={`/magic/pledge/${pledge.pledgeNumber}`}>See and share your badge</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/auth">
            <Award aria-hidden="true" /> Claim Your Badge
          </Link>
        </Button>
      </div>
    </>
  );
}

function PledgeNumberComing({ stillAsking }: { stillAsking: boolean }) {
  return (
    <>
      <MailCheck aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-3xl font-bold">Your pledge is confirmed</h1>
      <p className="text-muted-foreground">
        {stillAsking
          ? "Your pledger number is being assigned…"
          : "Your pledger number is on its way: we will email it to you with your badge in a moment."}
      </p>
    </>
  );
}

function PartnerConfirmed({ again }: { again: boolean }) {
  return (
    <>
      <h1 className="text-3xl font-bold">Welcome to MAGIC!</h1>
      <p className="text-muted-foreground">
        {again ? "Your partner pledge was already confirmed." : "Your partner pledge is confirmed."} We have emailed your partner details
        and the welcome kit.
      </p>
      <PartnerWelcomeActions />
    </>
  );
}

function StoryContactConfirmed({ format }: { format: RecordedStoryFormat }) {
  return (
    <>
      <MailCheck aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-3xl font-bold">Thank you for sharing your story</h1>
      <p className="text-muted-foreground">Your address is confirmed. We will reach out to record your {format} story.</p>
      <Button asChild variant="outline">
        <Link href="/magic">Back to MAGIC</Link>
      </Button>
    </>
  );
}
