import "server-only";
import type { RouteRateLimit } from "../http/route";

type WithEmail = { email: string };
const perAddress = (body: WithEmail) => body.email;

// App-level limits in front of the auth service: password guessing per client and per account,
// and emails we cause to be sent (sign-up, sign-in link, password reset) per client and per
// address per hour.
export const signInLimits: RouteRateLimit<WithEmail>[] = [
  { name: "sign-in-ip", limit: 50, windowSeconds: 300 },
  { name: "sign-in-account", limit: 10, windowSeconds: 900, per: perAddress },
];

export const authEmailLimits: RouteRateLimit<WithEmail>[] = [
  { name: "auth-email-ip", limit: 30, windowSeconds: 3600 },
  { name: "auth-email-address", limit: 5, windowSeconds: 3600, per: perAddress },
];
