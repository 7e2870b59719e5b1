// GET /api/operator/audit.csv - the whole operator audit log as CSV, oldest first (operators only).
import { route } from "@/server/http";
import { auditCsvStream } from "@/server/operator/audit-log";
import { csvResponse } from "@/server/operator/csv-response";

export const GET = route({ auth: "operator", response: "csv" }, () => csvResponse(auditCsvStream(), "operator-audit-log.csv"));
