// POST /api/operator/emails/resend - send again an email no job will try again (operators only).
import { emailResendSchema, resentEmailSchema } from "@/lib/operator/health-schemas";
import { route } from "@/server/http";
import { resendEmail } from "@/server/operator/health-repairs";

export const POST = route({ auth: "operator", body: emailResendSchema, response: resentEmailSchema }, ({ user, body }) => resendEmail(user.id, body.outboxId));
