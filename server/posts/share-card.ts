import "server-only";
import { findShareCard } from "../db/social-posts";
import { ApiError } from "../http/api-error";
import { shareCardImage } from "./share-card-image";

// A card never changes once made, so browsers and caches may keep it.
const CARD_CACHE = "public, max-age=31536000, immutable";

export async function shareCard(imageId: string): Promise<Response> {
  const card = await findShareCard(imageId);
  if (!card) throw new ApiError("not_found", "This card does not exist.");
  return shareCardImage(card, { "cache-control": CARD_CACHE });
}
