// GET /api/health/jobs - the job engine's health, for operators and alerts (never a host's routing):
// 503 when no worker, here or in a worker process, has beaten for three minutes; else 200 with the
// jobs that need attention (failed three times or more in a row, still being retried).
import { jobHealthSchema } from "@/lib/health/health-schema";
import { jobHealth } from "@/server/health/health-checks";
import { route } from "@/server/http";

export const dynamic = "force-dynamic";

export const GET = route({ response: jobHealthSchema }, () => jobHealth());
