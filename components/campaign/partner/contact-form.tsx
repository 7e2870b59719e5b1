"use client";

import { useId, useState, type FormEvent } from "react";
import { MailCheck } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { problemMessage, sendContactMessage } from "../shared/campaign-api";

type Fields = { name: string; email: string; orgName: string; message: string };
const EMPTY: Fields = { name: "", email: "", orgName: "", message: "" };

/** SPEC §2 /become-partner contact form, §5: name, email and message required; organization optional. */
export function ContactForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const { run, fail, busy: sending, error } = useWrite({ message: problemMessage });
  const [sent, setSent] = useState(false);
  const id = useId();
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fields.name.trim() === "" || fields.email.trim() === "" || fields.message.trim() === "") {
      fail("Please fill in your name, email and message.");
      return;
    }
    if ((await run(() => sendContactMessage(fields))).ok) setSent(true);
  }

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 rounded-xl border bg-card p-8 text-center">
        <MailCheck aria-hidden="true" className="size-12 text-primary" />
        <h3 className="text-2xl font-bold">Message Sent!</h3>
        <p className="text-muted-foreground">We&apos;ll get back to you within 24 hours.</p>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Contact the campaign team"
      className="flex flex-col gap-4 rounded-xl border bg-card p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            required
            autoComplete="name"
            maxLength={100}
            value={fields.name}
            onChange={(e) => set("name")(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            value={fields.email}
            onChange={(e) => set("email")(e.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-org`}>Organization (optional)</Label>
        <Input
          id={`${id}-org`}
          autoComplete="organization"
          maxLength={150}
          value={fields.orgName}
          onChange={(e) => set("orgName")(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea
          id={`${id}-message`}
          required
          rows={5}
          maxLength={2000}
          value={fields.message}
          onChange={(e) => set("message")(e.target.value)}
        />
      </div>
      <p role="alert" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? "Sending…" : "Send Message"}
      </Button>
    </form>
  );
}
