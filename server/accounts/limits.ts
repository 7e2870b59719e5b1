import "server-only";
import type { RateLimit } from "../http/rate-limit";

// App-level limits in front of the auth service: password guessing per address and per account,
// and emails we cause to be sent per address per hour (sign-up, sign-in link, password reset).
export const signInPerClient: RateLimit = { name: "sign-in-ip", limit: 50, windowSeconds: 300 };
export const signInPerAccount: RateLimit = { name: "sign-in-account", limit: 10, windowSeconds: 900 };
export const authEmailsPerClient: RateLimit = { name: "auth-email-ip", limit: 30, windowSeconds: 3600 };
export const authEmailsPerAddress: RateLimit = { name: "auth-email-address", limit: 5, windowSeconds: 3600 };
