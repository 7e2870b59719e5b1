"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import Link from "next/link";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth/auth-messages";
import { AuthField } from "../auth-field";
import { PASSWORD_MIN_LENGTH, confirmationProblem, passwordProblem } from "@/lib/auth/password-rules";
import { createAccountAndVerify, signInAndVerify, type VerifyAccountOutcome } from "./verify-account";
import type { VerificationLink } from "./verify-email-api";

/** `create`: a new account with a password and its confirmation. `sign-in`: the address already has one. */
export type VerifyPasswordVariant = "create" | "sign-in";

type Errors = { password?: string | null; confirmation?: string | null };

type VerifyPasswordFormProps = {
  link: VerificationLink;
  variant: VerifyPasswordVariant;
  busy: boolean;
  /** Another action (Google) is under way. */
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
  onVerified: (signedIn: boolean) => void;
  /** The sign-up found a confirmed account for the address. */
  onAlreadyRegistered: () => void;
};

const COPY = {
  create: { submit: "Create account", busy: "Creating account…" },
  "sign-in": { submit: "Sign in to link your purchase", busy: "Signing in…" },
} as const;

/** SPEC §5 password set-up: the email is the link's, fixed; a new password needs 8+ characters and a matching confirmation. */
export function VerifyPasswordForm({
  link,
  variant,
  busy,
  disabled,
  onBusyChange,
  onVerified,
  onAlreadyRegistered,
}: VerifyPasswordFormProps) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  // The inputs are disabled while busy, so a refused password is focused once they are back.
  const focusPasswordWhenIdle = useRef(false);
  const creating = variant === "create";

  useEffect(() => {
    if (busy || !focusPasswordWhenIdle.current) return;
    focusPasswordWhenIdle.current = false;
    passwordRef.current?.focus();
  }, [busy]);

  function checkFields(): boolean {
    const passwordError = passwordProblem(password, { isNew: creating });
    const confirmationError = creating && !passwordError ? confirmationProblem(password, confirmation) : null;
    setErrors({ password: passwordError, confirmation: confirmationError });
    if (passwordError === authMessages.passwordTooShort.description) {
      toast.error(authMessages.passwordTooShort.title, { description: authMessages.passwordTooShort.description });
    } else if (confirmationError === authMessages.passwordsDiffer.description) {
      toast.error(authMessages.passwordsDiffer.title, { description: authMessages.passwordsDiffer.description });
    }
    if (passwordError) passwordRef.current?.focus();
    else if (confirmationError) confirmationRef.current?.focus();
    return !passwordError && !confirmationError;
  }

  function report(outcome: VerifyAccountOutcome) {
    switch (outcome.kind) {
      case "verified":
        onVerified(outcome.signedIn);
        return;
      case "already-registered":
        onBusyChange(false);
        onAlreadyRegistered();
        return;
      case "sign-in-failed": {
        onBusyChange(false);
        const message = outcome.message ?? authMessages.authError.description;
        setErrors({ password: message });
        focusPasswordWhenIdle.current = true;
        toast.error(authMessages.signInFailed.title, { description: message });
        return;
      }
      case "sign-up-failed":
        onBusyChange(false);
        console.error("The account could not be created", outcome.message);
        toast.error(authMessages.verificationError.title, { description: authMessages.verificationError.description });
        return;
      case "complete-failed":
        // Signed in to the existing account, but the purchase could not be linked to it.
        onBusyChange(false);
        console.error("The verification could not be completed", outcome.message);
        toast.error(authMessages.verificationError.title, { description: authMessages.verificationError.description });
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || disabled || !checkFields()) return;
    onBusyChange(true);
    let outcome: VerifyAccountOutcome;
    try {
      outcome = creating ? await createAccountAndVerify(link, password) : await signInAndVerify(link, password);
    } catch (error) {
      console.error("Account set-up failed", error);
      outcome = creating ? { kind: "sign-up-failed", message: null } : { kind: "complete-failed", message: null };
    }
    report(outcome);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy || undefined}>
      <AuthField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        value={link.email}
        readOnly
        className="bg-muted text-muted-foreground"
        hint="The address your purchase was made with."
      />
      <AuthField
        ref={passwordRef}
        label="Password"
        type="password"
        name="password"
        autoComplete={creating ? "new-password" : "current-password"}
        required
        disabled={busy}
        value={password}
        error={errors.password}
        hint={creating ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          if (errors.password) setErrors((current) => ({ ...current, password: null }));
        }}
      />
      {creating ? (
        <AuthField
          ref={confirmationRef}
          label="Confirm password"
          type="password"
          name="confirmation"
          autoComplete="new-password"
          required
          disabled={busy}
          value={confirmation}
          error={errors.confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            if (errors.confirmation) setErrors((current) => ({ ...current, confirmation: null }));
          }}
        />
      ) : null}
      <Button type="submit" className="h-11 w-full" aria-disabled={busy || disabled || undefined} aria-busy={busy || undefined}>
        {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {busy ? COPY[variant].busy : COPY[variant].submit}
      </Button>
      {creating ? null : (
        <p className="text-sm text-muted-foreground">
          <Link href="/auth" className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
            Forgot password?
          </Link>{" "}
          Reset it from the log-in page, then open this link again.
        </p>
      )}
    </form>
  );
}
