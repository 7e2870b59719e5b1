"use client";

import { useEffect, useMemo, useState, type ComponentType } from "react";
import { useNearScreen } from "@/components/hooks/use-near-screen";
import { useApprovedStories } from "../shared/use-approved-stories";
import { CommunityPostCard, SLIDE_CLASS } from "./community-post-card";
import { COMMUNITY_POSTS, storyPosts, type CommunityPost } from "./community-posts";

/**
 * The community posts as the page is built (first slides, no script needed), replaced by the
 * carousel once the section comes near the screen: its code (embla) loads only then. The posts are
 * the spec's samples until stories are approved, then the newest approved stories.
 */
export function CommunityHighlights() {
  const [Carousel, setCarousel] = useState<ComponentType<{ posts: readonly CommunityPost[] }> | null>(null);
  const { ref: placeholder, near } = useNearScreen<HTMLDivElement>();
  const approved = useApprovedStories();
  const real = approved !== null && approved.length > 0;
  const posts = useMemo(() => (real ? storyPosts(approved) : COMMUNITY_POSTS), [real, approved]);

  useEffect(() => {
    if (near) void import("./community-carousel").then((m) => setCarousel(() => m.CommunityCarousel));
  }, [near]);

  // A new set of posts starts the carousel afresh (its place and count are the old set's).
  if (Carousel) return <Carousel key={real ? "stories" : "samples"} posts={posts} />;
  return (
    <div ref={placeholder}>
      <div className="overflow-hidden">
        <ul className="-ml-4 flex">
          {posts.map((post) => (
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
