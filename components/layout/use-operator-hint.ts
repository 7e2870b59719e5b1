"use client";

import { useEffect, useState } from "react";
import { apiRequest } from "@/components/api/api-request";
import { useSignedInHint } from "@/components/auth/use-session-cookie";
import { operatorRoleSchema } from "@/lib/operator/operator-role-schema";

// One question per page load, shared by the header's link and the drawer's, asked with the session
// cookie alone, so the auth client's code is not loaded on marketing pages.
let operatorAnswer: Promise<boolean> | null = null;

function askWhetherOperator(): Promise<boolean> {
  operatorAnswer ??= apiRequest({ path: "/api/users/me/operator", schema: operatorRoleSchema }).then(
    (answer) => answer.operator,
    () => {
      // A failed question is asked again by the next page that wants it, not remembered as "no".
      operatorAnswer = null;
      return false;
    },
  );
  return operatorAnswer;
}

/**
 * Whether the signed-in member is an operator, for the way into /operator from the site's header
 * (D17). Static pages render without it and learn it after hydration; the area itself checks the
 * role on the server, so this only decides whether the link is drawn.
 */
export function useOperatorHint(): boolean {
  const signedIn = useSignedInHint();
  const [operator, setOperator] = useState(false);
  useEffect(() => {
    if (!signedIn) {
      // Signed out: the next sign-in in this page may be another account's.
      operatorAnswer = null;
      return;
    }
    let current = true;
    void askWhetherOperator().then((answer) => {
      if (current) setOperator(answer);
    });
    return () => {
      current = false;
    };
  }, [signedIn]);
  return signedIn && operator;
}
