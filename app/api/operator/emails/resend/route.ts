// POST /api/operator/emails/resend - send again an email no job will try again (operators only).
import { emailResendSchema, resentEmailSchema } from "@/lib/operator/health-schemas";
import { route } from "@/server/http";
import { queueUnsentEmailAgain } from "@/server/operator/health-repairs";

export const POST = route({ auth: "operator", body: emailResendSchema, response: resentEmailSchema }, ({ user, body }) =>
  queueUnsentEmailAgain(user.id, body.outboxId),
);
