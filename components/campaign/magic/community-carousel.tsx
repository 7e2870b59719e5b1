"use client";

import { useCallback, useEffect, useReducer } from "react";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CAROUSEL_AUTO_ADVANCE_MS, carouselReducer, type CarouselEvent, type CarouselState } from "@/lib/campaign/carousel-rules";
import { CommunityPostCard, SLIDE_CLASS } from "./community-post-card";
import type { CommunityPost } from "./community-posts";

/**
 * SPEC §2, §4 Carousel: the posts (the eight samples until stories are approved), previous/next,
 * dots and Pause/Resume; advances every 4 s and wraps; any manual move pauses it. 1, 2 or 3 cards
 * per view below 768, below 1024, else.
 */
export function CommunityCarousel({ posts }: { posts: readonly CommunityPost[] }) {
  const count = posts.length;
  const [state, send] = useReducer((s: CarouselState, e: CarouselEvent) => carouselReducer(s, e, count), { index: 0, playing: true });
  // Embla handles the sliding (0.5 s-ish eased scroll) and swipes; the reducer decides where to be.
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: "start", duration: 25 });

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => send({ type: "settled", index: embla.selectedScrollSnap() });
    const onPointerDown = () => send({ type: "pause" });
    embla.on("select", onSelect).on("pointerDown", onPointerDown);
    return () => {
      embla.off("select", onSelect).off("pointerDown", onPointerDown);
    };
  }, [embla]);

  useEffect(() => {
    if (embla && embla.selectedScrollSnap() !== state.index) embla.scrollTo(state.index);
  }, [embla, state.index]);

  useEffect(() => {
    if (!state.playing) return;
    const timer = window.setInterval(() => send({ type: "tick" }), CAROUSEL_AUTO_ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [state.playing]);

  const goTo = useCallback((index: number) => send({ type: "goTo", index }), []);

  return (
    <div aria-roledescription="carousel" aria-label="Community posts" className="relative">
      <div ref={viewportRef} className="overflow-hidden" data-testid="carousel-viewport">
        <ul className="-ml-4 flex touch-pan-y" aria-live={state.playing ? "off" : "polite"}>
          {posts.map((post, i) => (
            <li
              key={post.id}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              data-active={i === state.index || undefined}
              className={SLIDE_CLASS}
            >
              <CommunityPostCard post={post} />
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Button type="button" variant="outline" size="icon" aria-label="Previous post" onClick={() => send({ type: "previous" })}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex items-center">
          {posts.map((post, i) => (
            <button
              key={post.id}
              type="button"
              aria-label={`Go to post ${i + 1}`}
              aria-current={i === state.index ? "true" : undefined}
              onClick={() => goTo(i)}
              className="group flex size-6 items-center justify-center"
            >
              <span
                className={`block size-2.5 rounded-full transition-colors ${i === state.index ? "bg-primary" : "bg-muted-foreground/40 group-hover:bg-muted-foreground"}`}
              />
            </button>
          ))}
        </div>
        <Button type="button" variant="outline" size="icon" aria-label="Next post" onClick={() => send({ type: "next" })}>
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => send({ type: state.playing ? "pause" : "resume" })}>
          {state.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {state.playing ? "Pause" : "Resume"}
        </Button>
      </div>
    </div>
  );
}
