// POST /api/vitals - real-user LCP, INP and CLS from the site's pages, in batches (sampled in the browser).
import { webVitalsAcceptedSchema, webVitalsBatchSchema } from "@/lib/vitals/web-vitals";
import { route } from "@/server/http";
import { recordWebVitals } from "@/server/vitals/record-web-vitals";

export const POST = route(
  {
    body: webVitalsBatchSchema,
    maxBodyBytes: 8 * 1024,
    // A visitor sends a batch or two per page; this leaves room for a busy reader, not a flood.
    rateLimits: [{ name: "web-vitals", limit: 60, windowSeconds: 600 }],
    response: webVitalsAcceptedSchema,
  },
  ({ body }) => recordWebVitals(body),
);
