// POST /api/operator/jobs/retry - put a failed job back in its queue (operators only).
import { jobRetrySchema, retriedJobSchema } from "@/lib/operator/health-schemas";
import { route } from "@/server/http";
import { retryJob } from "@/server/operator/health-repairs";

export const POST = route({ auth: "operator", body: jobRetrySchema, response: retriedJobSchema }, ({ user, body }) =>
  retryJob(user.id, body),
);
