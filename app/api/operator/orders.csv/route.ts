// GET /api/operator/orders.csv - the orders the list shows for its search, filters and sort, every
// page of them, as CSV (operators only).
import { route } from "@/server/http";
import { csvResponse } from "@/server/operator/csv-response";
import { ordersCsvFor } from "@/server/operator/orders";

export const GET = route({ auth: "operator", response: "csv" }, ({ request }) =>
  csvResponse(ordersCsvFor(new URL(request.url).searchParams), "orders.csv"),
);
