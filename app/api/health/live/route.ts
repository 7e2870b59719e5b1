// GET /api/health/live - liveness: the process answers. A host restarts an instance that fails it.
import { livenessSchema } from "@/lib/health/health-schema";
import { liveness } from "@/server/health/health-checks";
import { route } from "@/server/http";

export const dynamic = "force-dynamic";

export const GET = route({ response: livenessSchema }, () => liveness());
