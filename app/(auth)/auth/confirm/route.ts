// GET /auth/confirm?token_hash&type&next - an emailed link (sign-up confirmation, sign-in link, password reset) signs in on any device.
import type { NextRequest } from "next/server";
import { confirmEmailLink } from "@/server/accounts/email-link-confirmation";

export const GET = (request: NextRequest) => confirmEmailLink(request);
