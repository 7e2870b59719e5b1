// SPEC §4 Carousel and §9: auto-advance every 4 s, wrap to the start, any manual navigation pauses,
// Resume restarts; 1 card per view below 768 px, 2 below 1024 px, 3 otherwise.
export const CAROUSEL_AUTO_ADVANCE_MS = 4000;
export const CAROUSEL_TRANSITION_MS = 500;

export function cardsPerView(viewportWidth: number): 1 | 2 | 3 {
  if (viewportWidth < 768) return 1;
  if (viewportWidth < 1024) return 2;
  return 3;
}

/** The slide after `index` among `count`, back to the first after the last. */
export function nextSlide(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/** The slide before `index`, to the last from the first. */
export function previousSlide(index: number, count: number): number {
  return count <= 0 ? 0 : (index - 1 + count) % count;
}

export type CarouselState = { index: number; playing: boolean };
export type CarouselEvent =
  | { type: "tick" }
  | { type: "next" }
  | { type: "previous" }
  | { type: "goTo"; index: number }
  | { type: "settled"; index: number }
  | { type: "pause" }
  | { type: "resume" };

/**
 * One step of the carousel: the timer's tick advances only while playing; a person's move pauses it;
 * `settled` records where the slides came to rest (after a swipe, say) without changing play.
 */
export function carouselReducer(state: CarouselState, event: CarouselEvent, count: number): CarouselState {
  switch (event.type) {
    case "tick":
      return state.playing ? { ...state, index: nextSlide(state.index, count) } : state;
    case "next":
      return { index: nextSlide(state.index, count), playing: false };
    case "previous":
      return { index: previousSlide(state.index, count), playing: false };
    case "goTo":
      return { index: Math.min(Math.max(0, event.index), Math.max(0, count - 1)), playing: false };
    case "settled":
      return { ...state, index: event.index };
    case "pause":
      return { ...state, playing: false };
    case "resume":
      return { ...state, playing: true };
  }
}
