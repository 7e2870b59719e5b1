import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../db/client";
import type { AuditChange } from "@/lib/operator/audit-entry";
import { insertAuditEntry } from "../db/operator/operator-audit";
import { ApiError, OPERATORS_ONLY_MESSAGE } from "../http/api-error";

/**
 * Runs an operator's change and writes it to the audit log in one transaction: the change and its
 * entry commit together or not at all. An operator whose role was revoked since the request was
 * checked is refused here too (the audit entry cannot name them), and nothing is changed.
 */
export async function operatorChange<T>(
  operatorId: string,
  change: (tx: TransactionSql) => Promise<{ result: T; audit: AuditChange | null }>,
): Promise<T> {
  // The result is kept outside the transaction's callback: postgres.js would type it as unwrapped.
  let outcome: { result: T } | undefined;
  await db().begin(async (tx) => {
    const { result, audit } = await change(tx);
    if (audit && !(await insertAuditEntry(tx, { operatorId }, audit))) throw new ApiError("forbidden", OPERATORS_ONLY_MESSAGE);
    outcome = { result };
  });
  return outcome!.result;
}
