import { Activity, Bot, CalendarDays, HeartHandshake, LineChart, UsersRound } from "lucide-react";
import { LANDING_ANCHORS } from "@/components/layout/nav-items";

const FEATURES = [
  {
    icon: Activity,
    title: "A CGM on your arm for 14 days",
    body: "A small sensor reads your glucose every few minutes, day and night. Bring your own or add one to your plan.",
  },
  {
    icon: CalendarDays,
    title: "7 days to observe, 7 to experiment",
    body: "First you live normally and log meals, sleep and stress. Then you test one change at a time and see the difference.",
  },
  {
    icon: Bot,
    title: "An AI coach in Telegram",
    body: "Send a photo of your plate or ask why you spiked at 3 pm. Answers come in seconds, based on your own readings.",
  },
  {
    icon: HeartHandshake,
    title: "Human coaches who read your data",
    body: "Dietitians and diabetes educators review your curves, join group calls and, on Popular and Premium, meet you 1 on 1.",
  },
  {
    icon: UsersRound,
    title: "A small cohort that starts together",
    body: "Up to 30 people begin on the same day, compare notes and keep each other going through the experimenting week.",
  },
  {
    icon: LineChart,
    title: "A plan that outlasts the sensor",
    body: "You finish with a personal report: the meals, habits and timings that keep you steady, and a plan to keep them.",
  },
] as const;

/** "What you get": rendered on the server, painted only when scrolled near (content-visibility). */
export function FeaturesSection() {
  return (
    <section id={LANDING_ANCHORS.features} aria-labelledby="features-title" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Your body, measured. Your habits, tested.
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            General advice says oats are healthy. Your CGM might disagree. The bootcamp helps you find out what is true for you.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
