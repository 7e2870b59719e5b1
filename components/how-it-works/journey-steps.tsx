import { CalendarCheck, MessageCircle, Smartphone, TrendingDown, type LucideIcon } from "lucide-react";

type JourneyStep = {
  title: string;
  description: string;
  icon: LucideIcon;
};

// SPEC §2: the four steps of /how-it-works, in this order and with these titles.
const JOURNEY_STEPS: readonly JourneyStep[] = [
  {
    title: "Join the Program",
    description:
      "Pick the plan that fits you, tell us a little about your health and habits, and reserve a seat in an upcoming cohort. You can still switch cohorts up to 24 hours before it starts.",
    icon: CalendarCheck,
  },
  {
    title: "Prepare your CGM",
    description:
      "Add a sensor to your plan or bring your own. Before kickoff we walk you through applying it to the back of your upper arm and pairing it with your phone, so it is reading from day one.",
    icon: Smartphone,
  },
  {
    title: "Join Your Group",
    description:
      "Connect the Telegram coach bot and meet your cohort: a small group starting on the same day, led by one of our Master Coaches. Ask the bot anything, any time, and bring the big questions to the weekly group call.",
    icon: MessageCircle,
  },
  {
    title: "Follow Your Plan",
    description:
      "Days 1–7 you observe: eat, move and sleep as usual and log it in the bot. Days 8–14 you experiment with one change at a time. You finish with a personal report and a plan you can keep using.",
    icon: TrendingDown,
  },
];

export function JourneySteps() {
  return (
    <section id="journey" aria-labelledby="journey-title" className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-20 lg:px-8">
      <div className="max-w-2xl">
        <h2 id="journey-title" className="text-3xl font-bold tracking-tight md:text-4xl">
          Your journey in four steps
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          From sign-up to your personal report, here is what the next few weeks look like.
        </p>
      </div>
      <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {JOURNEY_STEPS.map((step, index) => {
          const Icon = step.icon;
          return (
            <li key={step.title} className="relative flex flex-col rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
