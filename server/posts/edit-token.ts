import "server-only";
import { siteUrl } from "@/lib/site";
import { hashSecretToken, newSecretToken } from "../security/secret-tokens";

// D7: a post is edited through /edit-post?post=…&token=…. The token is random (256 bits) and only
// its SHA-256 is stored, the same way as account set-up links, with the time it stops working.
export const EDIT_LINK_TTL_DAYS = 30;

export type EditToken = { token: string; hash: string; expiresAt: Date };

export function newEditToken(now: number = Date.now()): EditToken {
  const token = newSecretToken();
  return { token, hash: hashSecretToken(token), expiresAt: new Date(now + EDIT_LINK_TTL_DAYS * 24 * 3600_000) };
}

/** SPEC §2: the page's address for a post, with the token in the clear (it is never stored). */
export function editPostLink(postId: string, token: string): string {
  const url = new URL(siteUrl("/edit-post"));
  url.searchParams.set("post", postId);
  url.searchParams.set("token", token);
  return url.toString();
}
