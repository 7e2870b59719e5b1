// POST /api/telegram/qr-link - the walkthrough's QR link that continues set-up on the phone.
import { qrLinkSchema } from "@/lib/telegram/bot-setup-schemas";
import { route } from "@/server/http";
import { issueQrLink } from "@/server/telegram/member-telegram";

export const POST = route(
  { auth: "required", liveSession: true, rateLimits: [{ name: "telegram-qr-link", limit: 20, windowSeconds: 3600 }], response: qrLinkSchema },
  ({ user }) => issueQrLink(user),
);
