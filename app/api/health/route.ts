// GET /api/health - the readiness check (as /api/health/ready), kept at the address hosts were first
// given: the database answers and this instance is not stopping. The job engine's health is /api/health/jobs.
import { readinessSchema } from "@/lib/health/health-schema";
import { readiness } from "@/server/health/health-checks";
import { route } from "@/server/http";

export const dynamic = "force-dynamic";

export const GET = route({ response: readinessSchema }, () => readiness());
