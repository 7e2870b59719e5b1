import { MemberList } from "./member-list";
import { ADVISORY_BOARD } from "./team-members";

export function AdvisoryBoardSection() {
  return (
    <section aria-labelledby="advisory-board-title" className="bg-muted/50">
      <div className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-20 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="advisory-board-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            Advisory Board
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Independent clinicians and researchers who review our programme twice a year and tell us plainly when something we teach needs
            to change.
          </p>
        </div>
        <MemberList members={ADVISORY_BOARD} />
      </div>
    </section>
  );
}
