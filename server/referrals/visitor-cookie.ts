import "server-only";
import { NextRequest, type NextResponse } from "next/server";
import { z } from "zod";
import { publicEnv } from "@/lib/public-env";
import { REFERRAL_TTL_MS } from "@/lib/referral/referral-capture-rules";
import { STORAGE_PREFIX } from "@/lib/storage-keys";

// D5: a first-party cookie tells one visitor from another, so a visit through a link counts once
// per visitor and a later checkout finds the link that brought them. Only the server reads it.
export const VISITOR_COOKIE = `${STORAGE_PREFIX}visitor`;

const visitorIdSchema = z.uuid();

/** The visitor id the request carries, or null (none, or not one we issue). */
export function visitorIdFrom(request: Request): string | null {
  // Only the URL and headers: the body may have been read already.
  const value = new NextRequest(request.url, { headers: request.headers }).cookies.get(VISITOR_COOKIE)?.value;
  return visitorIdSchema.safeParse(value).success ? value! : null;
}

/** Gives the visitor their id for the length of the referral window (D5: 60 days). */
export function setVisitorCookie(response: NextResponse, visitorId: string): void {
  response.cookies.set(VISITOR_COOKIE, visitorId, {
    httpOnly: true,
    sameSite: "lax",
    secure: publicEnv.siteUrl.startsWith("https:"),
    path: "/",
    maxAge: REFERRAL_TTL_MS / 1000,
  });
}
