import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { authMessages } from "@/lib/auth/auth-messages";

export type AuthNoticeKind = "check-email" | "link-sent";

type AuthNoticeProps = {
  kind: AuthNoticeKind;
  email: string;
  onBack: () => void;
};

/** What happens next after sign-up (confirm the address) or after asking for a sign-in link. */
export function AuthNotice({ kind, email, onBack }: AuthNoticeProps) {
  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle asChild>
          <h1 className="text-2xl">Check your inbox</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 text-center">
        <MailCheck aria-hidden="true" className="size-10 text-primary" />
        <div role="status" className="grid gap-2 text-sm text-muted-foreground">
          <p>{kind === "check-email" ? authMessages.checkEmail.description : authMessages.magicLinkSent}</p>
          <p>
            Sent to <strong className="text-foreground">{email}</strong>. Open the link in this browser to continue.
          </p>
        </div>
        <p className="text-xs text-muted-foreground">Nothing after a few minutes? Check your spam folder.</p>
        <Button type="button" variant="outline" onClick={onBack}>
          {kind === "check-email" ? "Use a different email" : "Back to log in"}
        </Button>
      </CardContent>
    </Card>
  );
}
