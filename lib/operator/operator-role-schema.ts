import * as z from "zod/mini";

/**
 * GET /api/users/me/operator: whether the signed-in account is an operator (D17), for the site's
 * way into /operator. The profile (/api/users/me) keeps the role out of sight; this says it to its
 * own holder only.
 */
export const operatorRoleSchema = z.object({ operator: z.boolean() });
