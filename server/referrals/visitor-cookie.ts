import "server-only";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { z } from "zod";
import { publicEnv } from "@/lib/public-env";
import { REFERRAL_TTL_MS } from "@/lib/referrals/referral-capture-rules";
import { STORAGE_PREFIX } from "@/lib/storage-keys";
import { rateLimitClientKey } from "../http/client-address";
import type { ResponseCookieJar } from "../http/route-answer";
import { constantTimeEqual, serverSignature } from "../security/secret-tokens";

// D5: a first-party cookie tells one visitor from another, so a visit through a link counts once
// per visitor and a later checkout finds the link that brought them. Only the server reads it.
// The id is the server's, signed with a server key (HMAC-SHA-256), so a client cannot
// make up visitor ids: an unsigned or forged cookie is ignored and a new id is issued.
export const VISITOR_COOKIE = `${STORAGE_PREFIX}visitor`;

const signedValueSchema = z.string().regex(/^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/);
const visitorIdSchema = z.uuid();

function signature(visitorId: string): string {
  return serverSignature("glucosechallenge referral visitor", `visitor:${visitorId}`);
}

/** A new visitor id of the server's own. */
export const newVisitorId = (): string => randomUUID();

/** The visitor id the request's cookie carries with a valid signature, or null. */
export function visitorIdFrom(request: Request): string | null {
  // Only the URL and headers: the body may have been read already.
  const value = new NextRequest(request.url, { headers: request.headers }).cookies.get(VISITOR_COOKIE)?.value;
  if (!signedValueSchema.safeParse(value).success) return null;
  const [visitorId = "", mac = ""] = value!.split(".");
  return visitorIdSchema.safeParse(visitorId).success && constantTimeEqual(mac, signature(visitorId)) ? visitorId : null;
}

/** Gives the visitor their signed id for the length of the referral window (D5: 60 days). */
export function setVisitorCookie(cookies: ResponseCookieJar, visitorId: string): void {
  cookies.set(VISITOR_COOKIE, `${visitorId}.${signature(visitorId)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: publicEnv.siteUrl.startsWith("https:"),
    path: "/",
    maxAge: REFERRAL_TTL_MS / 1000,
  });
}

/**
 * What a visit keeps of the client's address: a keyed hash of the key its requests are rate
 * limited under (an IPv6 /64 as one), so visits from one address can be counted without storing
 * it. Null when the address is unknown.
 */
export function visitClientKey(address: string | null): string | null {
  if (!address) return null;
  return serverSignature("glucosechallenge referral client", rateLimitClientKey(address), "hex").slice(0, 32);
}
