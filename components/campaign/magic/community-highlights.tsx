"use client";

import { useEffect, useState, type ComponentType } from "react";
import { useNearScreen } from "@/components/hooks/use-near-screen";
import { CommunityPostCard, SLIDE_CLASS } from "./community-post-card";
import { COMMUNITY_POSTS } from "./community-posts";

/**
 * The community posts as the page is built (first slides, no script needed), replaced by the
 * carousel once the section comes near the screen: its code (embla) loads only then.
 */
export function CommunityHighlights() {
  const [Carousel, setCarousel] = useState<ComponentType | null>(null);
  const { ref: placeholder, near } = useNearScreen<HTMLDivElement>();

  useEffect(() => {
    if (near) void import("./community-carousel").then((m) => setCarousel(() => m.CommunityCarousel));
  }, [near]);

  if (Carousel) return <Carousel />;
  return (
    <div ref={placeholder}>
      <div className="overflow-hidden">
        <ul className="-ml-4 flex">
          {COMMUNITY_POSTS.map((post) => (
            <li key={post.id} className={SLIDE_CLASS}>
              <CommunityPostCard post={post} />
            </li>
          ))}
        </ul>
      </div>
      {/* Where the carousel's controls appear, so nothing moves when they do. */}
      <div aria-hidden="true" className="mt-6 h-10" />
    </div>
  );
}
