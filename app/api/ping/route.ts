// GET /api/ping - liveness: the process answers; touches nothing else.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ data: { status: "ok" } }, { headers: { "cache-control": "no-store" } });
}
