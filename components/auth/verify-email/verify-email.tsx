"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { CircleCheck } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth/auth-messages";
import { forgetPendingVerification } from "../pending-verification";
import { VerifyEmailChecking } from "./verify-email-checking";
import { isRejectedLink, validateVerificationLink, type VerificationLink } from "./verify-email-api";
import { VerifyGoogleOption } from "./verify-google-option";
import { VerifyPasswordForm } from "./verify-password-form";
import { handOverToasts } from "@/components/layout/toast-handoff";

// SPEC §4: success leads to the dashboard after 2 s.
export const VERIFIED_REDIRECT_MS = 2000;

export const ALREADY_REGISTERED_NOTICE = authMessages.alreadyRegistered;
export const CHECK_FAILED_MESSAGE = "We could not check your link just now. Please try again in a moment.";

type Phase =
  | { kind: "validating" }
  | { kind: "invalid"; retryable: boolean }
  | { kind: "ready"; email: string; hasAccount: boolean; alreadyRegistered: boolean }
  | { kind: "verified"; signedIn: boolean };

type Busy = "google" | "password" | null;

/** A card whose heading takes focus when it replaces the one before, so screen readers hear the change. */
function StateCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle asChild>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl outline-none">
            {title}
          </h1>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function InvalidLink({ retryable, onRetry }: { retryable: boolean; onRetry: () => void }) {
  return (
    <StateCard title={authMessages.invalidVerificationLink.title}>
      <div className="grid gap-4 text-center">
        <p className="text-sm text-muted-foreground">{retryable ? CHECK_FAILED_MESSAGE : authMessages.verificationFailed.description}</p>
        {retryable ? (
          <Button type="button" className="h-11 w-full" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        <Button asChild variant={retryable ? "outline" : "default"} className="h-11 w-full">
          <Link href="/">{authMessages.invalidVerificationLink.action}</Link>
        </Button>
        <p className="text-sm text-muted-foreground">
          Already set up your account?{" "}
          <Link href="/auth" className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
            Log in
          </Link>
        </p>
      </div>
    </StateCard>
  );
}

function Verified({ signedIn }: { signedIn: boolean }) {
  return (
    <StateCard title={authMessages.accountVerified.title}>
      <div className="flex flex-col items-center gap-3 text-center">
        <CircleCheck aria-hidden="true" className="size-10 text-primary" />
        <p role="status" className="text-sm text-muted-foreground">
          {signedIn
            ? "Your purchase is linked to your account. Taking you to your dashboard…"
            : "Your purchase is linked to your account. Log in to open your dashboard; taking you there…"}
        </p>
      </div>
    </StateCard>
  );
}

/**
 * SPEC §2 verify-email (/verify and /verify-email), D2: a buyer who paid without an account sets
 * one up from the emailed link (Google, or the link's email with a new password) and the paid
 * order is attached to it.
 */
export function VerifyEmail() {
  const router = useRouter();
  const params = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const email = params.get("email")?.trim() ?? "";
  const missing = token === "" || email === "";
  const [phase, setPhase] = useState<Phase>({ kind: "validating" });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<Busy>(null);

  useEffect(() => {
    if (!missing) return;
    // A fixed id: React's development double effect must not stack the same toast.
    toast.error(authMessages.invalidLink.title, { id: "invalid-link" });
    handOverToasts();
    router.replace("/");
  }, [missing, router]);

  useEffect(() => {
    if (missing) return;
    let active = true;
    void validateVerificationLink({ token, email }).then((result) => {
      if (!active) return;
      if (result.ok) {
        setPhase({ kind: "ready", email: result.data.email, hasAccount: result.data.hasAccount, alreadyRegistered: false });
        return;
      }
      const rejected = isRejectedLink(result);
      toast.error(authMessages.verificationFailed.title, {
        id: "verification-failed",
        description: rejected ? authMessages.verificationFailed.description : (result.message ?? CHECK_FAILED_MESSAGE),
      });
      setPhase({ kind: "invalid", retryable: !rejected });
    });
    return () => {
      active = false;
    };
  }, [missing, token, email, attempt]);

  const verified = phase.kind === "verified";
  const destination = phase.kind === "verified" && !phase.signedIn ? "/auth?next=%2Fdashboard" : "/dashboard";
  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => router.replace(destination), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, destination, router]);

  const onGoogleBusy = useCallback(
    (google: boolean) => setBusy((current) => (google ? "google" : current === "google" ? null : current)),
    [],
  );
  const onPasswordBusy = useCallback(
    (working: boolean) => setBusy((current) => (working ? "password" : current === "password" ? null : current)),
    [],
  );
  const onVerified = useCallback((signedIn: boolean) => {
    forgetPendingVerification();
    toast.success(authMessages.accountVerified.title, { id: "account-verified" });
    setPhase({ kind: "verified", signedIn });
  }, []);

  if (missing || phase.kind === "validating") return <VerifyEmailChecking />;
  if (phase.kind === "invalid") {
    return (
      <InvalidLink
        retryable={phase.retryable}
        onRetry={() => {
          setPhase({ kind: "validating" });
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  if (phase.kind === "verified") return <Verified signedIn={phase.signedIn} />;

  const link: VerificationLink = { token, email: phase.email };
  const variant = phase.hasAccount ? "sign-in" : "create";
  return (
    <StateCard
      title={phase.hasAccount ? "Link your purchase" : "Set up your account"}
      description={
        phase.hasAccount
          ? "Your payment is confirmed. Sign in to the account for this address to see your cohort on your dashboard."
          : "Your payment is confirmed. Create your account to see your cohort on your dashboard."
      }
    >
      <div className="grid gap-6">
        {phase.alreadyRegistered ? (
          <Alert role="status">
            <AlertDescription>
              <p>{ALREADY_REGISTERED_NOTICE}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        <VerifyGoogleOption link={link} busy={busy === "google"} disabled={busy !== null} onBusyChange={onGoogleBusy} />
        <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
          <Separator className="flex-1" />
          or with your email
          <Separator className="flex-1" />
        </div>
        <VerifyPasswordForm
          key={variant}
          link={link}
          variant={variant}
          busy={busy === "password"}
          disabled={busy === "google"}
          onBusyChange={onPasswordBusy}
          onVerified={onVerified}
          onAlreadyRegistered={() => setPhase({ ...phase, hasAccount: true, alreadyRegistered: true })}
        />
      </div>
    </StateCard>
  );
}
