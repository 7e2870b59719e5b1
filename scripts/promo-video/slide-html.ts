// One promo slide as a standalone HTML page (fonts inlined, nothing fetched) in the site's look: the
// share image's teal and amber, Inter, and the landing page's glucose chart. A flat background
// rather than the share image's gradient, whose dithering made the video about a quarter larger.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { GlucoseChart } from "@/components/home/glucose-chart";
import type { PromoSlide } from "./slides";

export const SLIDE_WIDTH = 1280;
export const SLIDE_HEIGHT = 720;

const INTER = path.join(process.cwd(), "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const STYLE = `
  * { box-sizing: border-box; margin: 0; }
  body { width: ${SLIDE_WIDTH}px; height: ${SLIDE_HEIGHT}px; overflow: hidden; font-family: Inter, sans-serif;
    color: #fff; background: #115e59; }
  main { height: 100%; padding: 72px 88px; display: flex; flex-direction: column; justify-content: center; gap: 40px; }
  .split { flex-direction: row; align-items: center; gap: 56px; }
  .split > div { flex: 1; display: flex; flex-direction: column; gap: 28px; }
  .eyebrow { align-self: flex-start; padding: 8px 20px; border-radius: 999px; background: #fcd34d; color: #134e4a;
    font-size: 22px; font-weight: 600; white-space: nowrap; }
  h1 { font-size: 64px; line-height: 1.08; font-weight: 800; letter-spacing: -0.02em; }
  h1 em { font-style: normal; color: #fcd34d; }
  ul { list-style: none; padding: 0; display: grid; gap: 18px; grid-template-columns: repeat(var(--columns), 1fr); }
  li { padding: 24px 28px; border-radius: 20px; background: rgba(255, 255, 255, 0.12); font-size: 30px; font-weight: 600; }
  .single { justify-items: start; }
  .single li { background: #fcd34d; color: #134e4a; border-radius: 999px; padding: 18px 32px; }
  li b { display: block; margin-bottom: 8px; color: #fcd34d; font-size: 24px; font-weight: 700; }
  .note { font-size: 28px; color: #fcd34d; font-weight: 600; }
  .chart { flex: 0 0 460px; border-radius: 24px; overflow: hidden; box-shadow: 0 24px 48px rgba(0, 0, 0, 0.3); }
`;

function columns(slide: PromoSlide): number {
  if (slide.points.length === 5) return 5;
  if (slide.points.length === 4) return 2;
  return Math.max(slide.points.length, 1);
}

function heading(text: string): string {
  // The ellipsis stands for the rotating topics listed under it: shown in the highlight colour.
  return escape(text).replace("…", "<em>…</em>");
}

/** The slide as a page to screenshot at SLIDE_WIDTH × SLIDE_HEIGHT. */
export function slideHtml(slide: PromoSlide): string {
  const font = readFileSync(INTER).toString("base64");
  const points = slide.points
    .map((point) => `<li>${point.label ? `<b>${escape(point.label)}</b>` : ""}${escape(point.text)}</li>`)
    .join("");
  const text = [
    slide.eyebrow ? `<p class="eyebrow">${escape(slide.eyebrow)}</p>` : "",
    `<h1>${heading(slide.heading)}</h1>`,
    points ? `<ul class="${slide.points.length === 1 ? "single" : ""}" style="--columns: ${columns(slide)}">${points}</ul>` : "",
    slide.note ? `<p class="note">${escape(slide.note)}</p>` : "",
  ].join("");
  const body = slide.chart
    ? `<main class="split"><div>${text}</div><div class="chart">${renderToStaticMarkup(createElement(GlucoseChart))}</div></main>`
    : `<main>${text}</main>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
    @font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format("woff2"); font-weight: 100 900; }
    ${STYLE}</style></head><body>${body}</body></html>`;
}
