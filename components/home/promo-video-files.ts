// The intro video the site ships in public/ (made by scripts/make-promo-video.ts from the site's own
// copy). Same origin, so the Content-Security-Policy's 'self' covers it.
export const PROMO_VIDEO_FILES = {
  webm: "/promo/intro.webm",
  mp4: "/promo/intro.mp4",
  poster: "/promo/intro-poster.jpg",
  captions: "/promo/intro.vtt",
} as const;
