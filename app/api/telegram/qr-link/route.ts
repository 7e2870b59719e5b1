// POST /api/telegram/qr-link - the walkthrough's QR link that continues set-up on the phone.
import { qrLinkSchema } from "@/lib/telegram/bot-setup-schemas";
import { route } from "@/server/http";
import { telegramQrLinkLimits } from "@/server/http/rate-limits";
import { issueQrLink } from "@/server/telegram/member-telegram";

export const POST = route({ auth: "required", liveSession: true, rateLimits: telegramQrLinkLimits, response: qrLinkSchema }, ({ user }) =>
  issueQrLink(user),
);
