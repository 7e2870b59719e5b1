"use client";

import { useMemo } from "react";
import { storiesThenSamples } from "@/lib/campaign/stories-then-samples";
import { useNearScreen } from "@/components/hooks/use-near-screen";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { useApprovedStories } from "../shared/use-approved-stories";
import { CommunityPostCard, SLIDE_CLASS } from "./community-post-card";
import { COMMUNITY_POSTS, storyPosts, type CommunityPost } from "./community-posts";

type PostsProps = { posts: readonly CommunityPost[] };

/** The posts as the page is built (first slides, no script needed), until the carousel is there. */
function StaticSlides({ posts }: PostsProps) {
  return (
    <>
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
    </>
  );
}

const CommunityCarousel = lazyComponent(() => import("./community-carousel").then((m) => m.CommunityCarousel), {
  loading: (props: PostsProps) => <StaticSlides {...props} />,
});

/**
 * The community posts as static slides, replaced by the carousel once the section comes near the
 * screen: its code (embla) loads only then. The newest approved stories come first and the spec's
 * samples fill the places left, so there are always eight posts.
 */
export function CommunityHighlights() {
  const { ref: placeholder, near } = useNearScreen<HTMLDivElement>();
  const approved = useApprovedStories();
  const posts = useMemo(() => storiesThenSamples(storyPosts(approved ?? []), COMMUNITY_POSTS, COMMUNITY_POSTS.length), [approved]);
  const stories = approved?.length ?? 0;

  // A new set of posts starts the carousel afresh (its place is the old set's).
  if (near) return <CommunityCarousel key={`stories-${stories}`} posts={posts} />;
  return (
    <div ref={placeholder}>
      <StaticSlides posts={posts} />
    </div>
  );
}
