// POST /api/auth/sign-out - end the session and clear its cookies.
import { signOut } from "@/server/accounts/password-session";
import { signedOutSchema } from "@/lib/auth/auth-schemas";
import { route } from "@/server/http";

export const POST = route({ response: signedOutSchema }, () => signOut());
