import Link from "next/link";
import type { ProgrammeTextState } from "@/lib/programme/programme-text-schema";
import { PROGRAMME_TEXTS, type ProgrammeTextKey } from "@/lib/programme/programme-texts";

// The programme's texts as the operator area lists them: each opens its editor, says whether an
// operator edited it, and shows how it begins.

const firstLine = (body: string) => {
  const line = body.split("\n")[0] ?? "";
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

export function ProgrammeTextList({ label, texts }: { label: string; texts: ProgrammeTextState[] }) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y rounded-lg border bg-background">
      {texts.map((text) => (
        <li key={text.key} className="flex flex-col gap-1 px-4 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <Link href={`/operator/programme/${text.key}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {PROGRAMME_TEXTS[text.key as ProgrammeTextKey]?.label ?? text.key}
            </Link>
            <span className={text.edited ? "text-xs font-semibold" : "text-xs text-muted-foreground"}>
              {text.edited ? `Edited${text.updatedAt ? ` ${text.updatedAt.slice(0, 10)}` : ""}` : "Default"}
            </span>
          </div>
          <p className="break-words text-sm text-muted-foreground">{firstLine(text.body)}</p>
        </li>
      ))}
    </ul>
  );
}
