import "server-only";
import { db } from "../db/client";
import { insertAuditEntry } from "../db/operator/operator-audit";
import { clearFreshSignIns } from "../db/accounts/operator-fresh-sign-ins";
import { MEMBER_USER_TYPE, OPERATOR_USER_TYPE, lockUserTypeByEmail, setUserType } from "../db/accounts/operators";

/** How the command names itself in the audit log. */
export const OPERATOR_COMMAND = "npm run operator";

export type OperatorRoleOutcome = "granted" | "revoked" | "unchanged" | "no_account";

/**
 * D17: makes the account with this email an operator (grant) or a member again (revoke), writing
 * the change to the audit log in the same transaction. Only the command line calls this: no route
 * changes a user's type. An account that is not an operator is left alone by a revoke.
 */
export async function setOperatorRole(email: string, operator: boolean): Promise<OperatorRoleOutcome> {
  return db().begin(async (tx) => {
    const account = await lockUserTypeByEmail(tx, email);
    if (!account) return "no_account";
    const isOperator = account.userType === OPERATOR_USER_TYPE;
    if (isOperator === operator) return "unchanged";
    const next = operator ? OPERATOR_USER_TYPE : MEMBER_USER_TYPE;
    await setUserType(tx, account.id, next);
    // A revoke ends what the role allowed, the fresh sign-in included: granted back minutes later,
    // a money action asks for the password again (D17).
    await clearFreshSignIns(tx, account.id);
    await insertAuditEntry(
      tx,
      { commandLine: OPERATOR_COMMAND },
      {
        action: operator ? "operator.grant" : "operator.revoke",
        subjectType: "user",
        subjectId: account.id,
        before: { user_type: account.userType },
        after: { user_type: next },
      },
    );
    return operator ? "granted" : "revoked";
  });
}
