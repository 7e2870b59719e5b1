// The promo video's script: every word comes from the site's own copy (the hero, the plans, the
// site's tagline), so regenerating the video after a copy change keeps the two in step.
import { HERO_EYEBROW, HERO_LEAD, ROTATING_TOPICS } from "@/components/home/hero-copy";
import { CGM_DEVICE_FEE_CENTS, PLANS, formatPlanPrice, perMonthLabel } from "@/lib/pricing/plans";
import { site } from "@/lib/site";

export type PromoSlide = {
  /** How long the slide is on screen, including the cross-fade into the next one. */
  seconds: number;
  eyebrow?: string;
  heading: string;
  points: readonly { label?: string; text: string }[];
  note?: string;
  /** Show the landing page's glucose chart beside the heading. */
  chart?: boolean;
  /** What the captions track says while the slide is on screen. */
  caption: string;
};

/** Seconds each cross-fade between two slides lasts. */
export const CROSSFADE_SECONDS = 0.5;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function promoSlides(): PromoSlide[] {
  const features = PLANS[0]!.features;
  const cgmFee = `Add a CGM device for ${formatPlanPrice(CGM_DEVICE_FEE_CENTS)}`;
  const plans = PLANS.map((plan) => ({
    label: plan.name,
    text: `${formatPlanPrice(plan.priceCents)} for ${plan.billingLabel} (${perMonthLabel(plan)})`,
  }));
  const join = `Join Now at ${site.domain}`;
  return [
    { seconds: 4, eyebrow: HERO_EYEBROW, heading: site.tagline, points: [], chart: true, caption: site.tagline },
    {
      seconds: 4,
      heading: "See what … really does to your glucose.",
      points: ROTATING_TOPICS.map((topic) => ({ text: capitalise(topic) })),
      caption: `See what ${ROTATING_TOPICS.slice(0, -1).join(", ")} or ${ROTATING_TOPICS.at(-1)} really does to your glucose.`,
    },
    {
      seconds: 5,
      heading: HERO_LEAD[0],
      points: [
        { label: "Days 1–7", text: "Observe your normal life" },
        { label: "Days 8–14", text: "Test small changes with a coach" },
      ],
      caption: `${HERO_LEAD[0]} ${HERO_LEAD[1]}`,
    },
    {
      seconds: 5,
      heading: "Every plan includes",
      points: features.map((text) => ({ text })),
      caption: `Every plan includes: ${features.join("; ")}.`,
    },
    {
      seconds: 5,
      heading: "Pick your plan",
      points: plans,
      note: cgmFee,
      caption: `${plans.map((plan) => `${plan.label}: ${plan.text}`).join(". ")}. ${cgmFee}.`,
    },
    { seconds: 4.5, eyebrow: site.name, heading: HERO_LEAD[2], points: [{ text: join }], caption: `${HERO_LEAD[2]} ${join}.` },
  ];
}

/** The video's length once every cross-fade overlaps two slides. */
export function promoDurationSeconds(slides: readonly PromoSlide[]): number {
  return slides.reduce((total, slide) => total + slide.seconds, 0) - CROSSFADE_SECONDS * (slides.length - 1);
}

function timestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}

/** WebVTT captions: one cue per slide, changing halfway through each cross-fade. */
export function promoCaptions(slides: readonly PromoSlide[]): string {
  const cues: string[] = [];
  let slideStart = 0;
  let cueStart = 0;
  slides.forEach((slide, index) => {
    const last = index === slides.length - 1;
    const cueEnd = last ? promoDurationSeconds(slides) : slideStart + slide.seconds - CROSSFADE_SECONDS / 2;
    cues.push(`${index + 1}\n${timestamp(cueStart)} --> ${timestamp(cueEnd)}\n${slide.caption}`);
    slideStart += slide.seconds - CROSSFADE_SECONDS;
    cueStart = cueEnd;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}
