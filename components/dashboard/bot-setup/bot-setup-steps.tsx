"use client";

import { useCallback, useEffect, useRef } from "react";
import { Check, ExternalLink } from "lucide-react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { useNearScreen } from "@/components/hooks/use-near-screen";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import type { BotSetupProgress } from "@/lib/telegram/bot-setup-rules";
import { NO_AUTHENTICATED_USER, QR_FAILED } from "./bot-setup-api";
import { QrCodeSpinner } from "./qr-code-spinner";
import { useQrLink, useQrScanned, useStartLink } from "./use-bot-setup";

// qrcode loads with the image, once there is a link to draw.
const QrCodeImage = lazyComponent(() => import("./qr-code-image").then((m) => m.QrCodeImage), { loading: QrCodeSpinner });

// The body of each walkthrough step (SPEC §2, §4): the phone by QR, Telegram's apps, its account,
// and the one-time link to the bot.

// SPEC §8: what the laptop says once the phone has opened the QR's link.
export const mobileLoginLinkSent = (email: string) =>
  `A secure login link has been sent to ${email}. Please check your email and click the link to continue on your mobile device.`;

type StepContentProps = { step: number; email: string; mobile: boolean; done: boolean; progress: BotSetupProgress; onScanned: () => void };

export function StepContent({ step, email, mobile, done, progress, onScanned }: StepContentProps) {
  if (step === 0) return <PreparePhoneStep email={email} mobile={mobile} done={done} onScanned={onScanned} />;
  if (step === 1) {
    return (
      <p>
        Install Telegram on your phone from the{" "}
        <a
          className="font-medium text-primary underline"
          href="https://apps.apple.com/app/telegram-messenger/id686449807"
          target="_blank"
          rel="noreferrer"
        >
          App Store
        </a>{" "}
        or{" "}
        <a
          className="font-medium text-primary underline"
          href="https://play.google.com/store/apps/details?id=org.telegram.messenger"
          target="_blank"
          rel="noreferrer"
        >
          Google Play
        </a>
        .
      </p>
    );
  }
  if (step === 2)
    return <p>Open Telegram and sign in with your phone number, or create your account. Your coach will talk to you there.</p>;
  return <OpenBotLinkStep linked={progress.telegramLinked} username={progress.telegramUsername} />;
}

function PreparePhoneStep({ email, mobile, done, onScanned }: { email: string; mobile: boolean; done: boolean; onScanned: () => void }) {
  // The QR's one-time link is made once the step comes near the screen: a visit that never scrolls
  // to the walkthrough mints no link and polls for no scan.
  const { ref: area, near } = useNearScreen<HTMLDivElement>();
  const link = useQrLink(near && !mobile && !done);
  const scanned = useQrScanned(done ? undefined : link.data?.id);
  const reported = useRef(false);
  const failed = useCallback(() => toast.error(QR_FAILED), []);
  const problem = qrProblem(link.error);

  useEffect(() => {
    if (!scanned.data?.scanned || reported.current) return;
    reported.current = true;
    toast.success(mobileLoginLinkSent(email));
    onScanned();
  }, [scanned.data?.scanned, email, onScanned]);

  useEffect(() => {
    if (problem) toast.error(problem);
  }, [problem]);

  if (mobile) return <p>You are on your phone now: continue with the next step here.</p>;
  if (done) return <p>Your phone is ready.</p>;
  return (
    <div ref={area} className="grid gap-3">
      <p>
        Scan this code with your phone&apos;s camera to continue the set-up on your phone. We will email you a secure sign-in link there.
      </p>
      {link.data ? (
        <>
          <QrCodeImage value={link.data.url} label="QR code that continues the set-up on your phone" onError={failed} />
          <p className="text-muted-foreground">
            Can&apos;t scan it? Open{" "}
            <a className="break-all font-medium text-primary underline" href={link.data.url} data-testid="qr-link">
              this link
            </a>{" "}
            on your phone.
          </p>
          {scanned.data?.scanned ? (
            <p role="status">{mobileLoginLinkSent(email)}</p>
          ) : (
            <p className="text-muted-foreground">Waiting for your phone…</p>
          )}
        </>
      ) : problem ? (
        <p role="alert">{problem}</p>
      ) : null}
    </div>
  );
}

/** SPEC §8: what the QR step says when its link could not be had. */
function qrProblem(error: Error | null): string | null {
  if (!error) return null;
  return error instanceof ApiRequestError && error.status === 401 ? NO_AUTHENTICATED_USER : QR_FAILED;
}

function OpenBotLinkStep({ linked, username }: { linked: boolean; username: string | null }) {
  const link = useStartLink(!linked);
  if (linked) {
    return (
      <p role="status" className="flex items-center gap-2 font-medium text-green-800">
        <Check aria-hidden="true" className="size-4" />
        Connected{username ? ` as @${username}` : ""}. Your coach bot is ready.
      </p>
    );
  }
  return (
    <>
      <p>Open the coach bot in Telegram and press Start. This link works once and only for you.</p>
      <StartLinkButton link={link} />
      <p className="text-muted-foreground">This step ticks itself as soon as the bot sees you.</p>
    </>
  );
}

/** The member's one-time start link as a button once it is made, or why it could not be. */
export function StartLinkButton({ link }: { link: ReturnType<typeof useStartLink> }) {
  if (link.data) {
    return (
      <Button asChild className="w-fit">
        <a href={link.data.url} target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden="true" />
          Open the coach bot
        </a>
      </Button>
    );
  }
  return link.error ? <p role="alert">Failed to create your bot link. Please reload the page.</p> : null;
}
