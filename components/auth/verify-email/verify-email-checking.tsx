import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

/** SPEC §4 Verify email, 'validating': shown until the link has been checked. */
export function VerifyEmailChecking() {
  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle asChild>
          <h1 className="text-2xl">Checking your link</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 text-center">
        <Spinner className="size-8 text-primary" label="Checking your verification link" />
        <p className="text-sm text-muted-foreground">One moment while we check your account set-up link…</p>
      </CardContent>
    </Card>
  );
}
