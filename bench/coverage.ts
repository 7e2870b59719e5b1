import { readdirSync } from "node:fs";
import path from "node:path";

// Which pages and API routes of app/ the run measured: read from the file system, so a new page or
// route shows up as unmeasured in the report until the bench loads it.

/** Every page (page.tsx) and API route (app/api/**\/route.ts) as its address, e.g. "/api/cohorts/[id]". */
export function appAddresses(root: string): string[] {
  const appDir = path.join(root, "app");
  const files = readdirSync(appDir, { recursive: true, encoding: "utf8" }).map((f) => f.split(path.sep).join("/"));
  const addresses = files
    .filter((f) => f.endsWith("/page.tsx") || f === "page.tsx" || (f.startsWith("api/") && f.endsWith("/route.ts")))
    .filter((f) => !f.split("/").some((segment) => segment.startsWith("_")))
    .map((f) => `/${f}`.replace(/\/(page\.tsx|route\.ts)$/, "").replace(/\/\([^)]*\)/g, "") || "/");
  return [...new Set(addresses)].sort();
}

/** The address part of a measured name: "GET /api/x?y=1 (50 connections)" → "/api/x". */
function measuredPath(name: string): string {
  return (
    name
      .replace(/^(GET|POST|PATCH)\s+/, "")
      .replace(/\s+\(.*\)$/, "")
      .split("?")[0] ?? ""
  );
}

/** The addresses of app/ that no measured page or load matches (dynamic segments match any value). */
export function unmeasured(root: string, measuredNames: string[]): string[] {
  const measured = measuredNames.map(measuredPath);
  return appAddresses(root).filter((address) => {
    const pattern = new RegExp(`^${address.replace(/\[[^\]]+\]/g, "[^/]+").replace(/[.]/g, "\\.")}$`);
    return !measured.some((m) => pattern.test(m));
  });
}
