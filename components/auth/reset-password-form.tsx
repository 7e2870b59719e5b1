"use client";

import { useRef, useState, type FormEvent, type ReactNode } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { LoaderCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { authMessages } from "@/lib/auth/auth-messages";
import { AuthField } from "./auth-field";
import { PASSWORD_MIN_LENGTH, confirmationProblem, passwordProblem } from "@/lib/auth/password-rules";
import { createClient } from "./supabase-browser";
import { useAuthState } from "./use-auth-state";

export const PASSWORD_UPDATED = { title: "Password updated", description: "Your new password is saved." } as const;

type Errors = { password?: string | null; confirmation?: string | null };

function ResetPasswordCard({ description, children }: { description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle asChild>
          <h1 className="text-2xl">Set a new password</h1>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * SPEC §2 /auth/reset-password: the reset email's link signs the visitor in; here they pick a new
 * password. A confirmation link opened away from the browser that signed up lands here too (issue
 * 11): the password chosen before confirmation was not kept, so the person now signed in picks one.
 */
export function ResetPasswordForm({ next = "/dashboard" }: { next?: string }) {
  const router = useRouter();
  const { user, loading } = useAuthState();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const passwordError = passwordProblem(password, { isNew: true });
    const confirmationError = passwordError ? null : confirmationProblem(password, confirmation);
    setErrors({ password: passwordError, confirmation: confirmationError });
    if (passwordError === authMessages.passwordTooShort.description) {
      toast.error(authMessages.passwordTooShort.title, { description: authMessages.passwordTooShort.description });
    } else if (confirmationError === authMessages.passwordsDiffer.description) {
      toast.error(authMessages.passwordsDiffer.title, { description: authMessages.passwordsDiffer.description });
    }
    if (passwordError || confirmationError) {
      (passwordError ? passwordRef : confirmationRef).current?.focus();
      return;
    }
    setSaving(true);
    const { error } = await createClient().auth.updateUser({ password });
    if (error) {
      setSaving(false);
      toast.error(authMessages.authError.title, { description: error.message || authMessages.authError.description });
      return;
    }
    toast.success(PASSWORD_UPDATED.title, { description: PASSWORD_UPDATED.description });
    router.replace(next);
    router.refresh();
  }

  if (loading) {
    return (
      <ResetPasswordCard>
        <div className="flex justify-center py-6">
          <Spinner className="size-8 text-primary" label="Checking your reset link" />
        </div>
      </ResetPasswordCard>
    );
  }

  if (!user) {
    return (
      <ResetPasswordCard>
        <Alert variant="destructive" role="status">
          <AlertTitle>This reset link has expired or was already used.</AlertTitle>
          <AlertDescription>
            <p>Ask for a new one: on the log-in page, enter your email address and choose &lsquo;Forgot password?&rsquo;.</p>
          </AlertDescription>
        </Alert>
        <Button asChild className="mt-4 w-full">
          <Link href="/auth">Request a new email</Link>
        </Button>
      </ResetPasswordCard>
    );
  }

  return (
    <ResetPasswordCard description="Choose the password you will log in with from now on.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <AuthField
          ref={passwordRef}
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          onChange={(event) => setPassword(event.target.value)}
        />
        <AuthField
          ref={confirmationRef}
          label="Confirm new password"
          type="password"
          name="confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          error={errors.confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <Button type="submit" className="w-full" aria-disabled={saving || undefined} aria-busy={saving || undefined}>
          {saving ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {saving ? "Saving…" : "Save new password"}
        </Button>
      </form>
    </ResetPasswordCard>
  );
}
