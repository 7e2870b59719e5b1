import "server-only";
import { createHash } from "node:crypto";
import { cachedImageResponse } from "../cache/rendered-image";
import { findShareCard } from "../db/posts/social-posts";
import { ApiError } from "../http/api-error";
import { shareCardImage, type CardContent } from "./share-card-image";

/** What a post card looks like is all it depends on: cards with the same words (every invitation card) are one image. */
function cardContentKey(card: CardContent): string {
  const hash = createHash("sha256")
    .update(JSON.stringify([card.theme, card.headline, card.body]))
    .digest("hex");
  return `share-card:v1:${hash}`;
}

/** A post's share card; a card never changes once made, so browsers and caches may keep it. */
export async function shareCard(request: Request, imageId: string): Promise<Response> {
  const card = await findShareCard(imageId);
  if (!card) throw new ApiError("not_found", "This card does not exist.");
  return cachedImageResponse(request, cardContentKey(card), () => shareCardImage(card));
}
