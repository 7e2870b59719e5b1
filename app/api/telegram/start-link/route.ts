// POST /api/telegram/start-link - a one-time deep link that opens the coach bot for this member (D15).
import { botStartLinkSchema } from "@/lib/telegram/bot-setup-schemas";
import { route } from "@/server/http";
import { telegramStartLinkLimits } from "@/server/http/rate-limits";
import { issueStartLink } from "@/server/telegram/member-telegram";

export const POST = route(
  { auth: "required", liveSession: true, rateLimits: telegramStartLinkLimits, response: botStartLinkSchema },
  ({ user }) => issueStartLink(user),
);
