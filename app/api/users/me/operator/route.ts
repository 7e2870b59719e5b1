// GET /api/users/me/operator - whether the signed-in account is an operator (D17), for the header's "Operator" link.
import { operatorRoleSchema } from "@/lib/operator/operator-role-schema";
import { route } from "@/server/http";
import { isLiveOperatorSession } from "@/server/db/accounts/operators";

export const GET = route({ auth: "required", liveSession: true, response: operatorRoleSchema }, async ({ user }) => ({
  operator: await isLiveOperatorSession(user.id, user.sessionId),
}));
