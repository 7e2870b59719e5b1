"use client";

import { useCallback, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { toast } from "@/components/ui/sonner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { authMessages } from "@/lib/auth/auth-messages";
import { emailProblem } from "@/lib/email/email-address";
import { AuthField } from "./auth-field";
import { AuthNotice, type AuthNoticeKind } from "./auth-notice";
import { authRequest, type AuthField as FieldName } from "./auth-api";
import { EmailLinkActions, type EmailLinkAction } from "./email-link-actions";
import { GoogleSignInButton } from "./google-sign-in-button";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "@/lib/auth/password-rules";
import { TelegramLinkIncompleteNotice } from "./telegram-link-incomplete-notice";
import { QrPhoneNotice } from "./qr-phone-notice";
import type { QrPhoneNotice as QrNotice } from "@/lib/telegram/qr-phone-notice";
import { useAuthPageSetup } from "./use-auth-page-setup";

type Mode = "login" | "sign-up";
type Busy = "submit" | "google" | EmailLinkAction | null;
type FieldErrors = Partial<Record<FieldName, string | null>>;

const MODES: readonly Mode[] = ["login", "sign-up"];
const COPY = {
  login: {
    tab: "Log in",
    title: "Log in to your account",
    description: "Welcome back. Log in to open your dashboard.",
    submit: "Log in",
    busy: "Logging in…",
  },
  "sign-up": {
    tab: "Sign up",
    title: "Create your account",
    description: "Sign up with your email address and a password.",
    submit: "Create account",
    busy: "Creating account…",
  },
} as const;

export type AuthFormProps = {
  /** Where to go after logging in (a safe path). */
  next: string;
  telegramId: string | null;
  /** The telegram_id came without the coach bot's proof, so nothing can link: the form says so. */
  telegramLinkIncomplete?: boolean;
  googleFailed: boolean;
  /** The tab to open with (`/auth?mode=sign-up`). */
  initialMode?: "login" | "sign-up";
  /** The phone came from the dashboard's QR code: what happened to it (`/auth?qr=`). */
  qrNotice?: QrNotice | null;
};

/** SPEC §2 /auth: log in or sign up with email and password, Google, or a one-time email link. */
export function AuthForm({
  next,
  telegramId,
  telegramLinkIncomplete = false,
  googleFailed,
  initialMode = "login",
  qrNotice = null,
}: AuthFormProps) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<{ kind: AuthNoticeKind; email: string } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useAuthPageSetup({ next, telegramId, googleFailed });

  const onGoogleBusy = useCallback(
    (google: boolean) => setBusy((current) => (google ? "google" : current === "google" ? null : current)),
    [],
  );
  const onEmailLinkBusy = useCallback((action: EmailLinkAction | null) => setBusy(action), []);
  const onEmailError = useCallback((message: string | null) => {
    setErrors((current) => ({ ...current, email: message }));
    if (message) emailRef.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problems: FieldErrors = { email: emailProblem(email), password: passwordProblem(password, { isNew: mode === "sign-up" }) };
    setErrors(problems);
    if (problems.email || problems.password) {
      if (problems.password === authMessages.passwordTooShort.description) {
        toast.error(authMessages.passwordTooShort.title, { description: authMessages.passwordTooShort.description });
      }
      (problems.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy("submit");
    const address = email.trim();
    const result =
      mode === "login"
        ? await authRequest("/api/auth/sign-in", { email: address, password })
        : await authRequest("/api/auth/sign-up", { email: address, password, next });
    if (!result.ok) {
      setBusy(null);
      setErrors(result.fields);
      const description = result.fields.email ?? result.fields.password ?? result.message ?? authMessages.authError.description;
      toast.error(authMessages.authError.title, { description });
      return;
    }
    if (mode === "login") {
      toast.success(authMessages.welcomeBack.title, { description: authMessages.welcomeBack.description });
      // Stays busy: this page is about to be replaced.
      router.replace(next);
      router.refresh();
      return;
    }
    setBusy(null);
    setPassword("");
    setNotice({ kind: "check-email", email: address });
    toast.success(authMessages.checkEmail.title, { description: authMessages.checkEmail.description });
  }

  if (notice) {
    const back = notice.kind === "check-email" ? "sign-up" : "login";
    return (
      <AuthNotice
        kind={notice.kind}
        email={notice.email}
        onBack={() => {
          setNotice(null);
          setMode(back);
        }}
      />
    );
  }

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle asChild>
          <h1 className="text-2xl">{COPY[mode].title}</h1>
        </CardTitle>
        <CardDescription>{COPY[mode].description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {qrNotice ? <QrPhoneNotice notice={qrNotice} /> : null}
        {telegramLinkIncomplete ? <TelegramLinkIncompleteNotice /> : null}
        <Tabs
          value={mode}
          onValueChange={(value) => {
            setMode(value === "sign-up" ? "sign-up" : "login");
            setErrors({});
          }}
        >
          <TabsList className="grid w-full grid-cols-2" aria-label="Log in or sign up">
            {MODES.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {COPY[tab].tab}
              </TabsTrigger>
            ))}
          </TabsList>
          {MODES.map((tab) => (
            <TabsContent key={tab} value={tab} className="pt-4">
              <form noValidate onSubmit={onSubmit} className="grid gap-4">
                <AuthField
                  ref={emailRef}
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  value={email}
                  error={errors.email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    if (errors.email) setErrors((current) => ({ ...current, email: null }));
                  }}
                />
                <AuthField
                  ref={passwordRef}
                  label="Password"
                  type="password"
                  name="password"
                  autoComplete={tab === "login" ? "current-password" : "new-password"}
                  required
                  value={password}
                  error={errors.password}
                  hint={tab === "sign-up" ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    if (errors.password) setErrors((current) => ({ ...current, password: null }));
                  }}
                />
                <Button
                  type="submit"
                  className="w-full"
                  aria-disabled={busy !== null || undefined}
                  aria-busy={busy === "submit" || undefined}
                >
                  {busy === "submit" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                  {busy === "submit" ? COPY[tab].busy : COPY[tab].submit}
                </Button>
                {tab === "login" ? (
                  <EmailLinkActions
                    email={email}
                    next={next}
                    busy={busy === "reset" || busy === "link" ? busy : null}
                    disabled={busy !== null}
                    onBusyChange={onEmailLinkBusy}
                    onEmailError={onEmailError}
                    onLinkSent={(address) => setNotice({ kind: "link-sent", email: address })}
                  />
                ) : null}
              </form>
            </TabsContent>
          ))}
        </Tabs>
        <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
          <Separator className="flex-1" />
          or
          <Separator className="flex-1" />
        </div>
        <GoogleSignInButton next={next} busy={busy === "google"} disabled={busy !== null} onBusyChange={onGoogleBusy} />
      </CardContent>
    </Card>
  );
}
