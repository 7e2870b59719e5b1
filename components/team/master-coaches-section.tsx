import { CoachCard } from "./coach-card";
import { MASTER_COACHES } from "./team-members";

export function MasterCoachesSection() {
  return (
    <section aria-labelledby="master-coaches-title" className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-20 lg:px-8">
      <div className="max-w-2xl">
        <h2 id="master-coaches-title" className="text-3xl font-bold tracking-tight md:text-4xl">
          Master Coaches
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          Every cohort is led by one of them. They run the weekly group calls, take over when a question needs a human, and hold the private
          1 on 1 sessions on the Popular and Premium plans.
        </p>
      </div>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {MASTER_COACHES.map((coach, index) => (
          <li key={coach.name}>
            <CoachCard coach={coach} tone={index} />
          </li>
        ))}
      </ul>
    </section>
  );
}
