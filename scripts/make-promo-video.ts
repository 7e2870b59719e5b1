// Makes the landing page's intro video from the site's own copy and chart:
//   public/promo/intro.webm (VP9), intro.mp4 (H.264), intro-poster.jpg and intro.vtt (captions).
//
//   npx tsx scripts/make-promo-video.ts
//
// Run it by hand after changing the words it shows (components/home/hero-copy.ts, lib/pricing/plans.ts,
// lib/site.ts; the slides are in scripts/promo-video/slides.ts) and commit the four files; the unit
// test tests/unit/home/promo-video-files.test.ts fails while the shipped captions lag behind the copy.
// The build never runs it. Needs ffmpeg (Debian: apt-get install -y ffmpeg) and Chromium (Playwright's
// own, else CHROMIUM_PATH or /usr/bin/chromium): each slide is rendered as HTML and screenshot, then
// ffmpeg cross-fades the stills into both videos. Silent, 1280×720, 15 fps
// (still slides need no more; fewer cross-fade frames keep both files small).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PROMO_VIDEO_FILES } from "@/components/home/promo-video-files";
import { chromiumLaunch } from "./chromium-path";
import { SLIDE_HEIGHT, SLIDE_WIDTH, slideHtml } from "./promo-video/slide-html";
import { CROSSFADE_SECONDS, promoCaptions, promoDurationSeconds, promoSlides, type PromoSlide } from "./promo-video/slides";

const FPS = 15;
const publicFile = (url: string) => path.join(process.cwd(), "public", url);

async function renderSlides(slides: readonly PromoSlide[], dir: string): Promise<string[]> {
  const { executablePath, env } = await chromiumLaunch();
  const browser = await chromium.launch({ executablePath, env, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ viewport: { width: SLIDE_WIDTH, height: SLIDE_HEIGHT } });
    const files: string[] = [];
    for (const [index, slide] of slides.entries()) {
      await page.setContent(slideHtml(slide));
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(dir, `slide-${index}.png`);
      await page.screenshot({ path: file });
      files.push(file);
    }
    return files;
  } finally {
    await browser.close();
  }
}

/** ffmpeg's filter graph: each still held for its seconds, cross-faded into the next. */
function crossfadeGraph(slides: readonly PromoSlide[]): string {
  const steps: string[] = [];
  let previous = "[0:v]";
  let elapsed = 0;
  for (let index = 1; index < slides.length; index++) {
    elapsed += slides[index - 1]!.seconds - CROSSFADE_SECONDS;
    const label = `[x${index}]`;
    steps.push(`${previous}[${index}:v]xfade=transition=fade:duration=${CROSSFADE_SECONDS}:offset=${elapsed}${label}`);
    previous = label;
  }
  return [...steps, `${previous}format=yuv420p,split=2[webm][mp4]`].join(";");
}

function encode(slides: readonly PromoSlide[], stills: readonly string[]) {
  const inputs = slides.flatMap((slide, index) => [
    "-loop",
    "1",
    "-framerate",
    String(FPS),
    "-t",
    String(slide.seconds),
    "-i",
    stills[index]!,
  ]);
  const common = ["-an", "-map_metadata", "-1", "-fflags", "+bitexact", "-threads", "2"];
  execFileSync(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      ...inputs,
      "-filter_complex",
      crossfadeGraph(slides),
      "-map",
      "[webm]",
      "-c:v",
      "libvpx-vp9",
      "-crf",
      "50",
      "-b:v",
      "0",
      "-row-mt",
      "1",
      "-cpu-used",
      "4",
      "-g",
      String(FPS * 10),
      ...common,
      publicFile(PROMO_VIDEO_FILES.webm),
      "-map",
      "[mp4]",
      "-c:v",
      "libx264",
      "-preset",
      "slow",
      "-tune",
      "stillimage",
      "-crf",
      "30",
      "-g",
      String(FPS * 10),
      "-movflags",
      "+faststart",
      ...common,
      publicFile(PROMO_VIDEO_FILES.mp4),
    ],
    { stdio: "inherit" },
  );
  execFileSync(
    "ffmpeg",
    ["-hide_banner", "-loglevel", "error", "-y", "-i", stills[0]!, "-q:v", "5", publicFile(PROMO_VIDEO_FILES.poster)],
    { stdio: "inherit" },
  );
}

async function main() {
  const slides = promoSlides();
  const dir = mkdtempSync(path.join(tmpdir(), "promo-video-"));
  try {
    encode(slides, await renderSlides(slides, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  writeFileSync(publicFile(PROMO_VIDEO_FILES.captions), promoCaptions(slides));
  for (const url of Object.values(PROMO_VIDEO_FILES)) {
    console.log(`public${url}: ${(statSync(publicFile(url)).size / 1024).toFixed(1)} KiB`);
  }
  console.log(`duration: ${promoDurationSeconds(slides)} s`);
}

await main();
