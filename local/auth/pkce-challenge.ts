import { createHash } from "node:crypto";
import { badRequest } from "./auth-error";

export type PkceChallenge = { codeChallenge: string; codeChallengeMethod: "s256" | "plain" };

/** code_challenge + code_challenge_method from a request; null for the implicit flow. */
export function readPkceChallenge(challenge: string | null | undefined, method: string | null | undefined): PkceChallenge | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw badRequest("validation_failed", "PKCE flow requires code_challenge_method and code_challenge");
  }
  const normalized = method.toLowerCase();
  if (normalized !== "s256" && normalized !== "plain") {
    throw badRequest("validation_failed", `code challenge method not supported: ${method}`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest("validation_failed", "code challenge has to be between 43 and 128 characters");
  }
  return { codeChallenge: challenge, codeChallengeMethod: normalized };
}

export function matchesChallenge(challenge: PkceChallenge, verifier: string): boolean {
  if (challenge.codeChallengeMethod === "plain") return verifier === challenge.codeChallenge;
  return createHash("sha256").update(verifier).digest("base64url") === challenge.codeChallenge;
}
