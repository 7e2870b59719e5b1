import { ProgrammeTextList } from "@/components/operator/programme-text-list";
import { programmeTextKind } from "@/components/operator/programme-text-preview";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { programmeTextStates } from "@/server/operator/programme-text-edits";

export const metadata = { title: "Programme · Operator" };

export default async function OperatorProgrammePage() {
  await requireOperatorPage();
  const texts = await programmeTextStates();
  const messages = texts.filter((text) => programmeTextKind(text.key) !== "day-plan");
  const days = texts.filter((text) => programmeTextKind(text.key) === "day-plan");
  const edited = texts.filter((text) => text.edited).length;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Programme</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          What the programme says to members: the reminders before the start, each morning&rsquo;s plan, the review days and the questions
          after the end. A saved change is used from the next message on, without a deploy; each change is in the audit log.
        </p>
        <p className="text-sm" role="status">
          {edited === 0 ? "Every text is its default." : `${edited} of ${texts.length} texts edited.`}
        </p>
      </div>
      <section aria-labelledby="messages-heading" className="flex flex-col gap-3">
        <h2 id="messages-heading" className="text-lg font-semibold">
          Messages
        </h2>
        <ProgrammeTextList label="Messages" texts={messages} />
      </section>
      <section aria-labelledby="days-heading" className="flex flex-col gap-3">
        <h2 id="days-heading" className="text-lg font-semibold">
          Day plans
        </h2>
        <p className="text-sm text-muted-foreground">The plan each morning message carries, and /today in the coach bot.</p>
        <ProgrammeTextList label="Day plans" texts={days} />
      </section>
    </div>
  );
}
