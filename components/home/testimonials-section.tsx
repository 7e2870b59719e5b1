import { Quote } from "lucide-react";
import { LANDING_ANCHORS } from "@/components/layout/nav-items";

const TESTIMONIALS = [
  {
    name: "Maya R.",
    detail: "Teacher, Kickstart cohort",
    quote:
      "My 'healthy' granola sent me to 190 every morning. Swapping the order of my breakfast, eggs first, flattened it in three days. I would never have guessed.",
  },
  {
    name: "Daniel K.",
    detail: "Software engineer, Desk Worker cohort",
    quote:
      "The 3 pm crash I blamed on meetings was my lunch. A ten-minute walk after eating fixed most of it. The Telegram coach caught the pattern before I did.",
  },
  {
    name: "Priya S.",
    detail: "Mother of two, family history of type 2 diabetes",
    quote:
      "Diabetes runs in my family and I was scared to look. The coaches made the numbers feel like information, not a verdict. I finally have a plan I trust.",
  },
] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** Participant stories: rendered on the server, painted only when scrolled near. */
export function TestimonialsSection() {
  return (
    <section id={LANDING_ANCHORS.testimonials} aria-labelledby="testimonials-title" className="bg-secondary/60 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          What participants found out
        </h2>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-xl bg-card p-6 shadow-sm">
                <Quote aria-hidden="true" className="size-8 text-primary/40" />
                <blockquote className="mt-3 flex-1 text-foreground">{t.quote}</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                  >
                    {initials(t.name)}
                  </span>
                  <span>
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-sm text-muted-foreground">{t.detail}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
