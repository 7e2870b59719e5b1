"use client";

import { useCallback, useEffect, useReducer } from "react";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Heart, Pause, Play, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CAROUSEL_AUTO_ADVANCE_MS, carouselReducer, type CarouselEvent, type CarouselState } from "@/lib/campaign/carousel-rules";
import { COMMUNITY_POSTS } from "./community-posts";

const COUNT = COMMUNITY_POSTS.length;

/**
 * SPEC §2, §4 Carousel: eight sample posts, previous/next, dots and Pause/Resume; advances every 4 s
 * and wraps; any manual move pauses it. 1, 2 or 3 cards per view below 768, below 1024, else.
 */
export function CommunityCarousel() {
  const [state, send] = useReducer(
    (s: CarouselState, e: CarouselEvent) => carouselReducer(s, e, COUNT),
    { index: 0, playing: true },
  );
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
          {COMMUNITY_POSTS.map((post, i) => (
            <li
              key={post.id}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${COUNT}`}
              data-active={i === state.index || undefined}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2 lg:basis-1/3"
            >
              <article className="flex h-full flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm">
                <div className="flex items-center gap-3">
                  <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
                    {post.avatar}
                  </span>
                  <div>
                    <p className="font-semibold">{post.name}</p>
                    <p className="text-xs uppercase tracking-wide text-muted-foreground">{post.type === "pledge" ? "Pledge" : "Story"}</p>
                  </div>
                </div>
                <h3 className="font-semibold">{post.title}</h3>
                <p className="flex-1 text-sm text-muted-foreground">{post.content}</p>
                <p className="flex gap-4 text-xs text-muted-foreground">
                  <span className="flex items-center gap-1">
                    <Share2 aria-hidden="true" className="size-3.5" /> {post.shares} shares
                  </span>
                  <span className="flex items-center gap-1">
                    <Heart aria-hidden="true" className="size-3.5" /> {post.inspired} inspired
                  </span>
                </p>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Button type="button" variant="outline" size="icon" aria-label="Previous post" onClick={() => send({ type: "previous" })}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex items-center">
          {COMMUNITY_POSTS.map((post, i) => (
            <button
              key={post.id}
              type="button"
              aria-label={`Go to post ${i + 1}`}
              aria-current={i === state.index ? "true" : undefined}
              onClick={() => goTo(i)}
              className="group flex size-6 items-center justify-center"
            >
              <span className={`block size-2.5 rounded-full transition-colors ${i === state.index ? "bg-primary" : "bg-muted-foreground/40 group-hover:bg-muted-foreground"}`} />
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
