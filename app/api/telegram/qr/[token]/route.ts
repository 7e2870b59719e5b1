// GET /api/telegram/qr/{token} - the phone opened the walkthrough's QR code.
import { z } from "zod";
import { route } from "@/server/http";
import { telegramQrOpenLimits } from "@/server/http/rate-limits";
import { clientAddress } from "@/server/http/client-address";
import { openQrLink } from "@/server/telegram/member-telegram";
import { publicEnv } from "@/lib/public-env";

const params = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This is not a QR link.") });

export const GET = route(
  { params, response: "redirect", rateLimits: telegramQrOpenLimits },
  async ({ params, request }) => new URL(await openQrLink(params.token, clientAddress(request.headers)), publicEnv.siteUrl),
);
