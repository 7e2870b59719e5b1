// POST /api/vitals - real-user LCP, INP and CLS from the site's pages, in batches (sampled in the browser).
import { webVitalsAcceptedSchema, webVitalsBatchSchema } from "@/lib/vitals/web-vitals";
import { route } from "@/server/http";
import { webVitalsLimits } from "@/server/http/rate-limits";
import { recordWebVitals } from "@/server/vitals/record-web-vitals";

export const POST = route(
  {
    body: webVitalsBatchSchema,
    maxBodyBytes: 8 * 1024,
    rateLimits: webVitalsLimits,
    response: webVitalsAcceptedSchema,
  },
  ({ body }) => recordWebVitals(body),
);
