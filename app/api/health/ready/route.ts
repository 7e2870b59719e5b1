// GET /api/health/ready - readiness: this instance can serve (its database answers, it is not
// stopping). A load balancer sends requests only to instances that pass it.
import { readinessSchema } from "@/lib/health/health-schema";
import { readiness } from "@/server/health/health-checks";
import { route } from "@/server/http";

export const dynamic = "force-dynamic";

export const GET = route({ response: readinessSchema }, () => readiness());
