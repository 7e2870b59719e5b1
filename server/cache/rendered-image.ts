import "server-only";
import { createHash } from "node:crypto";
import { lruCache } from "./lru-cache";

// A share card is drawn once per content (next/og takes 120-250 ms of CPU for each), then
// answered from memory by what it depends on, never by its address: a query string added to defeat
// caches (`?r=`) changes nothing. About 256 cards of 50-150 KB each at most per instance.

/** A card's address names its content (a pledge's number, a post card's id), so caches may keep it for good. */
export const IMMUTABLE_IMAGE_CACHE = "public, max-age=31536000, immutable";

type RenderedImage = { body: ArrayBuffer; contentType: string };

const images = lruCache<RenderedImage>(256);
let renders = 0;

/** How many images this instance has drawn (the cache's misses). */
export function imageRenderCount(): number {
  return renders;
}

/** The entity tag of the image that `contentKey` names: the same on every instance, without drawing it. */
export function imageEtag(contentKey: string): string {
  return `"${createHash("sha256").update(contentKey).digest("base64url").slice(0, 32)}"`;
}

function notModified(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * The image `contentKey` names, drawn by `render` only when this instance has not kept it; 304 when
 * the request already holds it (If-None-Match), without drawing it at all. `beforeDrawing` runs only
 * when the image must be drawn (a rate limit, a look-up that it may be drawn): what it throws is the
 * answer, and nothing is kept.
 */
export async function cachedImageResponse(
  request: Request,
  contentKey: string,
  render: () => Response,
  beforeDrawing?: () => Promise<void>,
): Promise<Response> {
  const etag = imageEtag(contentKey);
  const headers = { etag, "cache-control": IMMUTABLE_IMAGE_CACHE };
  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  const image = await images(contentKey, async () => {
    await beforeDrawing?.();
    renders++;
    const response = render();
    return { body: await response.arrayBuffer(), contentType: response.headers.get("content-type") ?? "image/png" };
  });
  return new Response(image.body, {
    status: 200,
    headers: { ...headers, "content-type": image.contentType, "content-length": String(image.body.byteLength) },
  });
}
