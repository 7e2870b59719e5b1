import "server-only";
import { publicWriteAdmission, serverEnv } from "../env";
import { log } from "../log";
import { publicEnv } from "@/lib/public-env";
import { requireLiveSession } from "../auth/live-session";
import { verifyAccessToken } from "../auth/verify-access-token";
import { hasFreshSignIn } from "../db/accounts/operator-fresh-sign-ins";
import { isLiveOperatorSession } from "../db/accounts/operators";
import { enforceRateLimit } from "./rate-limit";
import { createRoute } from "./route";

export { ApiError } from "./api-error";
export { readBodyText } from "./read-json-body";
export type { AuthUser } from "../auth/auth-user";

/** The product's route wrapper: `export const GET = route({ query }, async (ctx) => ...)`. */
export const route = createRoute({
  verifyToken: verifyAccessToken,
  requireLiveSession,
  isOperator: (user) => isLiveOperatorSession(user.id, user.sessionId),
  isFreshSignIn: (user) => hasFreshSignIn(user.id, user.sessionId),
  allowedOrigins: () => [
    new URL(publicEnv.siteUrl).origin,
    ...(serverEnv().API_BASE_URL ? [new URL(serverEnv().API_BASE_URL).origin] : []),
  ],
  enforceRateLimit,
  logError: (message, fields) => log.error(message, fields),
  admissionLimits: () => publicWriteAdmission(),
});
