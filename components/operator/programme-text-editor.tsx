"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { placeholderProblem, type ProgrammeTextState } from "@/lib/programme/programme-text-schema";
import { PLACEHOLDERS, PROGRAMME_TEXT_MAX_LENGTH, type ProgrammeTextKey, type TextValues } from "@/lib/programme/programme-texts";
import { saveProblems } from "./operator-api";
import { resetProgrammeText, saveProgrammeText } from "./programme-api";
import { previewProgrammeText, programmeTextKind } from "./programme-text-preview";

type Props = {
  textKey: ProgrammeTextKey;
  text: ProgrammeTextState;
  label: string;
  placeholders: readonly (keyof typeof PLACEHOLDERS)[];
  defaultBody: string;
  values: TextValues;
  footer: string;
};

/**
 * One programme text: its words in a text box, the placeholders it may use, what a member would
 * read (live, as it is typed), Save, and Back to the default. A refusal is said beside the box.
 */
export function ProgrammeTextEditor({ textKey, text, label, placeholders, defaultBody, values, footer }: Props) {
  const router = useRouter();
  const id = useId();
  const [body, setBody] = useState(text.body);
  const [saved, setSaved] = useState(text);
  const [running, setRunning] = useState<"save" | "reset">("save");
  const write = useWrite({
    message: (failure) => {
      const problems = saveProblems(failure);
      return Object.keys(problems.fields).length === 0 ? problems.message : null;
    },
  });
  const { fields } = saveProblems(write.failure);
  const problem = placeholderProblem(textKey, body);
  const fieldError = problem ?? fields.body ?? null;
  const busy = write.busy ? running : null;
  const kind = programmeTextKind(textKey);
  const footerShown = textKey === "footer" ? body : footer;

  async function run(kindOfRun: "save" | "reset", action: () => Promise<ProgrammeTextState>, done: string) {
    setRunning(kindOfRun);
    const outcome = await write.run(action);
    if (!outcome.ok) return;
    setSaved(outcome.data);
    setBody(outcome.data.body);
    toast.success(done);
    router.refresh();
  }

  function save() {
    if (body.trim() === "") return write.fail("Write the text: to go back to the default, use “Back to the default”.");
    if (problem) return write.fail("Please correct the text: see the message under it.");
    void run("save", () => saveProgrammeText(textKey, body.trim()), `“${label}” is saved: the programme uses it from now on.`);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        aria-label={`Edit “${label}”`}
        noValidate
        className="flex min-w-0 flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <FormField id={`${id}-body`} label="Text" error={fieldError}>
          {(control) => (
            <Textarea
              {...control}
              rows={kind === "day-plan" ? 4 : 8}
              maxLength={PROGRAMME_TEXT_MAX_LENGTH}
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                write.reset();
              }}
            />
          )}
        </FormField>
        <p className="text-xs text-muted-foreground">
          {body.trim().length.toLocaleString("en-US")} of {PROGRAMME_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters
        </p>
        <div className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">Placeholders this text may use</h2>
          {placeholders.length === 0 ? (
            <p className="text-sm text-muted-foreground">None: write the words as they are.</p>
          ) : (
            <ul aria-label="Placeholders" className="flex flex-col gap-1 text-sm">
              {placeholders.map((name) => (
                <li key={name}>
                  <code className="rounded bg-muted px-1 font-mono">{`{${name}}`}</code> {PLACEHOLDERS[name]}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy !== null}>
            {busy === "save" ? "Saving…" : "Save"}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={busy !== null || (!saved.edited && body === defaultBody)}
            onClick={() => void run("reset", () => resetProgrammeText(textKey), `“${label}” is back to its default.`)}
          >
            {busy === "reset" ? "Going back…" : "Back to the default"}
          </Button>
        </div>
        <p role="alert" className="text-sm text-destructive empty:hidden">
          {write.error}
        </p>
        <p className="text-sm text-muted-foreground" data-testid="programme-text-state">
          {saved.edited
            ? `Edited${saved.updatedBy ? ` by ${saved.updatedBy}` : ""}${saved.updatedAt ? ` on ${saved.updatedAt.replace("T", " ").slice(0, 16)} UTC` : ""}.`
            : "The default text."}
        </p>
      </form>
      <section aria-labelledby={`${id}-preview`} className="flex min-w-0 flex-col gap-2">
        <h2 id={`${id}-preview`} className="text-lg font-semibold">
          What a member reads
        </h2>
        <p className="text-xs text-muted-foreground">
          An example member in Lisbon on day 3.
          {kind === "message" && textKey !== "footer" ? " Every message ends with the footer." : ""}
          {kind === "part" ? " This step is one line of the enrolment and week-before messages." : ""}
          {kind === "day-plan" ? " The morning message carries this plan on its day." : ""}
        </p>
        <output
          aria-label="Preview"
          htmlFor={`${id}-body`}
          className="whitespace-pre-wrap break-words rounded-lg border bg-background p-4 text-sm"
        >
          {previewProgrammeText(textKey, body, values, footerShown)}
        </output>
      </section>
    </div>
  );
}
