import localFont from "next/font/local";

// Inter ships as an npm package (@fontsource-variable/inter); nothing is fetched at build time.
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  // Text never waits for the font: without it in the first ~100 ms the fallback (metric-matched by
  // next/font) stays for that page view, so the largest text paints at once and never shifts.
  display: "swap",
  preload: false,
  weight: "100 900",
});
