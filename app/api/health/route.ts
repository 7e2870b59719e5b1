// GET /api/health - readiness: the app answers and its database does.
import { ApiError, route } from "@/server/http";
import { checkDatabase } from "@/server/db/health";

export const dynamic = "force-dynamic";

export const GET = route({}, async () => {
  const database = await checkDatabase();
  if (!database.ok) throw new ApiError("unavailable", "The database is not reachable.");
  return { status: "ok", database: { status: "ok", latencyMs: database.latencyMs } };
});
