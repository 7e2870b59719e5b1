import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { nextAddress } from "./payments";

let report = 0;

/** POST /api/vitals: a browser's batch of LCP, INP and CLS, each from a new page load and address. */
export function loadWebVitals(baseUrl: string, opts: LoadOptions): Promise<LoadResult> {
  return loadTest(
    new URL("/api/vitals", baseUrl).toString(),
    opts,
    () => {
      report += 1;
      const metrics = [
        { name: "LCP", value: 1800 + (report % 700), id: `v5-bench-${report}-1`, page: "/how-it-works" },
        { name: "INP", value: 80 + (report % 90), id: `v5-bench-${report}-2`, page: "/how-it-works" },
        { name: "CLS", value: 0.01, id: `v5-bench-${report}-3`, page: "/how-it-works" },
      ];
      return {
        method: "POST",
        body: JSON.stringify({ metrics }),
        headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
      };
    },
    "a batch of three reports from a new page load and address: validation, one insert",
  );
}
