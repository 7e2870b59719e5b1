"use client";

import { useId, useState, type FormEvent } from "react";
import { PartyPopper } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ORG_TYPES, REGIONS } from "@/lib/campaign/campaign-options";
import type { PartnerPledgeRequest } from "@/lib/campaign/campaign-schemas";
import { problemMessage, signPartnerPledge } from "../shared/campaign-api";
import { inputStyles } from "@/components/ui/input-styles";
import { PartnerWelcomeActions } from "./partner-welcome-actions";

type Fields = { name: string; email: string; orgName: string; orgType: string; region: string };
const EMPTY: Fields = { name: "", email: "", orgName: "", orgType: "", region: "" };

/**
 * SPEC §2 /become-partner pledge form, §5: name, email, organization name, type and region are
 * required; §4: submitting shows 'Welcome to MAGIC!' with the kit and the dashboard.
 */
export function PartnerPledgeForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const { run, fail, busy: sending, error } = useWrite({ message: problemMessage });
  const [welcomed, setWelcomed] = useState(false);
  const id = useId();
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.values(fields).some((v) => v.trim() === "")) {
      fail("Please fill in every field.");
      return;
    }
    // The server refuses a type or region outside its lists (422, said in the form's error).
    if ((await run(() => signPartnerPledge(fields as PartnerPledgeRequest))).ok) setWelcomed(true);
  }

  if (welcomed) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center">
        <PartyPopper aria-hidden="true" className="size-12 text-primary" />
        <h3 className="text-2xl font-bold">Welcome to MAGIC!</h3>
        {/* D18: the partner details and the kit are emailed once the address confirms. */}
        <p className="text-muted-foreground">
          Check your inbox: we have sent a confirmation link to {fields.email.trim()}. Once you confirm, we will email your partner details
          and the welcome kit.
        </p>
        <PartnerWelcomeActions />
      </div>
    );
  }

  const field = (key: "name" | "email" | "orgName", label: string, props: Record<string, string> = {}) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input id={`${id}-${key}`} required value={fields[key]} onChange={(e) => set(key)(e.target.value)} {...props} />
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Partner pledge" className="grid gap-4 rounded-xl border bg-card p-6 sm:grid-cols-2">
      {field("name", "Your name", { autoComplete: "name", maxLength: "100" })}
      {field("email", "Work email", { type: "email", autoComplete: "email", maxLength: "254" })}
      {field("orgName", "Organization name", { autoComplete: "organization", maxLength: "150" })}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-orgType`}>Organization type</Label>
        <select
          id={`${id}-orgType`}
          required
          value={fields.orgType}
          onChange={(e) => set("orgType")(e.target.value)}
          className={inputStyles}
        >
          <option value="">Choose a type</option>
          {ORG_TYPES.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-region`}>Region</Label>
        <select id={`${id}-region`} required value={fields.region} onChange={(e) => set("region")(e.target.value)} className={inputStyles}>
          <option value="">Choose a region</option>
          {REGIONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </div>
      <p role="alert" className="min-h-5 text-sm text-destructive sm:col-span-2">
        {error}
      </p>
      <Button type="submit" size="lg" disabled={sending} className="sm:col-span-2">
        {sending ? "Signing…" : "Sign the Partner Pledge"}
      </Button>
    </form>
  );
}
