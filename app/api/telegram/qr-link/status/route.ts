// GET /api/telegram/qr-link/status?id= - whether the phone has opened the member's QR link yet.
import { z } from "zod";
import { qrScanStatusSchema } from "@/lib/telegram/bot-setup-schemas";
import { route } from "@/server/http";
import { qrLinkStatus } from "@/server/telegram/member-telegram";

const query = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, "id must be the QR link's id.") });

export const GET = route({ auth: "required", query, response: qrScanStatusSchema }, ({ user, query }) => qrLinkStatus(user, query.id));
