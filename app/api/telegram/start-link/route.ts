// POST /api/telegram/start-link - a one-time deep link that opens the coach bot for this member (D15).
import { botStartLinkSchema } from "@/lib/telegram/bot-setup-schemas";
import { route } from "@/server/http";
import { issueStartLink } from "@/server/telegram/member-telegram";

export const POST = route(
  { auth: "required", liveSession: true, rateLimits: [{ name: "telegram-start-link", limit: 20, windowSeconds: 3600 }], response: botStartLinkSchema },
  ({ user }) => issueStartLink(user),
);
