import "server-only";
import { emailIdentity } from "@/lib/email/email-address";
import type { RouteRateLimit } from "../http/route";

type WithEmail = { email: string };
const perAccount = (body: WithEmail) => body.email;
// Emails are counted per inbox: "+tags", and for Gmail dots and googlemail.com, reach the same one.
// Sign-up still takes such spellings as accounts of their own (the auth service keeps them apart).
const perInbox = (body: WithEmail) => emailIdentity(body.email);

// App-level limits in front of the auth service: password guessing per client, and per account
// from each client; emails we cause to be sent (sign-up, sign-in link, password reset) per client,
// and per inbox from each client, per hour. The per-account limits count per client too, so a
// stranger hammering someone's account locks only themself out, never the account's owner.
export const signInLimits: RouteRateLimit<WithEmail>[] = [
  { name: "sign-in-ip", limit: 50, windowSeconds: 300 },
  { name: "sign-in-account", limit: 10, windowSeconds: 900, per: perAccount, alsoPerClient: true },
];

export const authEmailLimits: RouteRateLimit<WithEmail>[] = [
  { name: "auth-email-ip", limit: 30, windowSeconds: 3600 },
  { name: "auth-email-address", limit: 5, windowSeconds: 3600, per: perInbox, alsoPerClient: true },
];
