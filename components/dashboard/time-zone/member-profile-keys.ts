// Query keys for the member's own account row (GET /api/users/me).
export const memberProfileKeys = { me: () => ["member-profile"] as const };
