// GET /auth/confirm?token_hash&type&next - an emailed link (sign-up confirmation, sign-in link, password reset) signs in on any device.
import { confirmEmailLink } from "@/server/accounts/email-link-confirmation";
import { route } from "@/server/http";

export const GET = route({ response: "redirect" }, ({ request, cookies }) => confirmEmailLink(request, cookies));
