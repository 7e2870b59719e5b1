import Link from "next/link";
import { notFound } from "next/navigation";
import { AuditTable } from "@/components/operator/audit-table";
import { ProgrammeTextEditor } from "@/components/operator/programme-text-editor";
import { previewValues } from "@/components/operator/programme-text-preview";
import { programmeTextParamsSchema } from "@/lib/programme/programme-text-schema";
import { defaultText, PROGRAMME_TEXTS, type ProgrammeTextKey } from "@/lib/programme/programme-texts";
import { listAuditEntries } from "@/server/db/operator/operator-audit";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { programmeTextStates } from "@/server/operator/programme-text-edits";

export const metadata = { title: "Programme text · Operator" };

const HISTORY_SIZE = 10;

export default async function OperatorProgrammeTextPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperatorPage();
  const parsed = programmeTextParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const key = parsed.data.key;
  const [texts, history] = await Promise.all([
    programmeTextStates(),
    listAuditEntries({ limit: HISTORY_SIZE, subject: { type: "programme_text", id: key } }),
  ]);
  const text = texts.find((entry) => entry.key === key);
  if (!text) notFound();
  const current = Object.fromEntries(texts.map((entry) => [entry.key, entry.body])) as Record<ProgrammeTextKey, string>;
  const definition = PROGRAMME_TEXTS[key];
  if (!definition) notFound();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/operator/programme" className="text-sm text-primary underline-offset-4 hover:underline">
          ← All programme texts
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{definition.label}</h1>
      </div>
      <ProgrammeTextEditor
        key={`${text.key}:${text.updatedAt ?? "default"}`}
        textKey={key}
        text={text}
        label={definition.label}
        placeholders={definition.placeholders}
        defaultBody={defaultText(key)}
        values={previewValues(current)}
        footer={current.footer}
      />
      <section aria-labelledby="history-heading" className="flex flex-col gap-4">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <AuditTable entries={history} caption={`The latest ${HISTORY_SIZE} changes to this text`} />
      </section>
    </div>
  );
}
