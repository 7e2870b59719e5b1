import { OPEN_POSITIONS } from "./open-positions";
import { PositionCard } from "./position-card";

export function OpenPositionsSection() {
  return (
    <section aria-labelledby="open-positions-title" className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-20 lg:px-8">
      <div className="max-w-2xl">
        <h2 id="open-positions-title" className="text-3xl font-bold tracking-tight md:text-4xl">
          Open positions
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          Apply with a short note about why the role interests you and a CV or portfolio. A person on the team reads every application.
        </p>
      </div>
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {OPEN_POSITIONS.map((position) => (
          <li key={position.id}>
            <PositionCard position={position} />
          </li>
        ))}
      </ul>
    </section>
  );
}
