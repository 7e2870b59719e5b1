"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_SUBJECT_MAX, type AnnouncementPreview } from "@/lib/operator/announcement-schemas";
import { previewAnnouncement, sendAnnouncement, sendAnnouncementTest } from "./announcement-api";
import { saveProblems } from "./operator-api";

const people = (n: number) => (n === 1 ? "1 participant" : `${n.toLocaleString("en-US")} participants`);

/**
 * Email the cohort's participants: write the subject and message, Preview the email as they will
 * read it (and whom it reaches), Send me a test, then Send, which asks first, naming how many it
 * goes to. Inboxes that unsubscribed, and participants who never confirmed their address by setting
 * up their account, are left out.
 */
export function CohortAnnouncementForm({ cohortId, cohortName }: { cohortId: string; cohortName: string }) {
  const router = useRouter();
  const id = useId();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [running, setRunning] = useState<"preview" | "test" | "send">("preview");
  const [preview, setPreview] = useState<AnnouncementPreview | null>(null);
  const [asking, setAsking] = useState(false);
  // A refusal of a field is said beside it; any other, in the form's alert.
  const write = useWrite({
    message: (failure) => {
      const problems = saveProblems(failure);
      return Object.keys(problems.fields).length === 0 ? problems.message : null;
    },
  });
  const { error } = write;
  const { fields } = saveProblems(write.failure);
  const busy = write.busy ? running : null;
  const request = () => ({ subject: subject.trim(), body: body.trim() });

  async function run<T>(kind: "preview" | "test" | "send", action: () => Promise<T>): Promise<T | null> {
    setRunning(kind);
    const outcome = await write.run(action);
    return outcome.ok ? outcome.data : null;
  }

  async function showPreview(): Promise<AnnouncementPreview | null> {
    const shown = await run("preview", () => previewAnnouncement(cohortId, request()));
    if (shown) setPreview(shown);
    return shown;
  }

  async function test() {
    const sent = await run("test", () => sendAnnouncementTest(cohortId, request()));
    if (sent) toast.success(`A test was sent to ${sent.sentTo}.`);
  }

  async function askToSend() {
    const shown = await showPreview();
    if (!shown) return;
    if (shown.recipients === 0) write.fail("There is nobody to email: no participant with a confirmed address who did not unsubscribe.");
    else setAsking(true);
  }

  async function send() {
    const sent = await run("send", () => sendAnnouncement(cohortId, request()));
    if (!sent) return;
    setAsking(false);
    setSubject("");
    setBody("");
    setPreview(null);
    toast.success(`The announcement is on its way to ${people(sent.recipients)}.`);
    router.refresh();
  }

  return (
    <form
      aria-label="Email the participants"
      noValidate
      className="flex max-w-2xl flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void askToSend();
      }}
    >
      <FormField id={`${id}-subject`} label="Subject" error={fields.subject}>
        {(control) => (
          <Input {...control} maxLength={ANNOUNCEMENT_SUBJECT_MAX} value={subject} onChange={(e) => setSubject(e.target.value)} />
        )}
      </FormField>
      <FormField id={`${id}-body`} label="Message" error={fields.body}>
        {(control) => (
          <Textarea {...control} rows={6} maxLength={ANNOUNCEMENT_BODY_MAX} value={body} onChange={(e) => setBody(e.target.value)} />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void showPreview()}>
          {busy === "preview" ? "Preparing…" : "Preview"}
        </Button>
        <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void test()}>
          {busy === "test" ? "Sending…" : "Send me a test"}
        </Button>
        <Button type="submit" disabled={busy !== null}>
          Send to participants
        </Button>
      </div>
      <p role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
      {preview ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm">
            Goes to {people(preview.recipients)}.
            {preview.unsubscribed > 0 ? ` ${preview.unsubscribed.toLocaleString("en-US")} unsubscribed from announcements.` : ""}
            {preview.unconfirmed > 0
              ? ` ${people(preview.unconfirmed)} never set up their account, so their address is not confirmed: they only get their receipts.`
              : ""}
          </p>
          <iframe
            title="Preview of the announcement email"
            sandbox=""
            srcDoc={preview.html}
            className="h-96 w-full rounded-md border bg-white"
          />
        </div>
      ) : null}
      <Dialog open={asking} onOpenChange={(open) => busy === null && setAsking(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Email {preview ? people(preview.recipients) : "the participants"}?</DialogTitle>
            <DialogDescription>
              &ldquo;{subject.trim()}&rdquo; goes to every paid participant of {cohortName} with a confirmed address who did not unsubscribe
              from announcements. It cannot be called back once sent.
            </DialogDescription>
          </DialogHeader>
          <p role="alert" className="text-sm text-destructive empty:hidden">
            {error}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy !== null}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="button" disabled={busy !== null} onClick={() => void send()}>
              {busy === "send" ? "Sending…" : "Send announcement"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
