import { MemberList } from "./member-list";
import { BUILDERS } from "./team-members";

export function BuildersSection() {
  return (
    <section aria-labelledby="builders-title" className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-20 lg:px-8">
      <div className="max-w-2xl">
        <h2 id="builders-title" className="text-3xl font-bold tracking-tight md:text-4xl">
          Builders
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          The two people who turn the coaches&rsquo; method into the website, the dashboard and the Telegram bot you talk to every day.
        </p>
      </div>
      <MemberList members={BUILDERS} toneOffset={1} />
    </section>
  );
}
