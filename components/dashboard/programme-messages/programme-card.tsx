"use client";

import { useId, useState } from "react";
import { BellRing } from "lucide-react";
import { LoadError } from "@/components/errors/load-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputStyles } from "@/components/ui/input-styles";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import {
  MORNING_HOURS,
  effectiveChannel,
  formatHour,
  type ProgrammeChannel,
  type ProgrammePreferences,
} from "@/lib/programme/programme-preferences-schema";
import {
  PREFERENCES_LOAD_FAILED,
  PREFERENCES_SAVE_FAILED,
  useProgrammePreferencesQuery,
  useSaveProgrammePreferences,
} from "./programme-api";
import { useMemberProfileQuery } from "../time-zone/member-profile-api";

const TITLE_ID = "programme-title";

const CHANNEL_LABEL: Record<ProgrammeChannel, string> = { bot: "Coach bot (Telegram)", email: "Email" };

/** When Telegram said the member blocked the bot, on the member's calendar. */
function blockedOn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/**
 * The programme's messages (the reminders before the start, each morning's plan, the question after
 * the end): the hour they come at in the member's own zone, the bot or email, and a pause. Every
 * message links here (/dashboard#programme).
 */
export function ProgrammeCard() {
  const query = useProgrammePreferencesQuery();
  const profile = useMemberProfileQuery();
  const zone = profile.data?.timeZone ?? query.data?.timeZone ?? null;

  return (
    <section
      id="programme"
      aria-labelledby={TITLE_ID}
      aria-busy={query.isPending || undefined}
      className="flex scroll-mt-24 flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id={TITLE_ID} className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
        <BellRing aria-hidden="true" className="size-5 text-primary" />
        Programme messages
      </h2>
      {query.isPending ? (
        <div className="grid gap-3" data-testid="programme-loading">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <LoadError message={PREFERENCES_LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : (
        <ProgrammeSettings preferences={query.data} zone={zone} />
      )}
    </section>
  );
}

function ProgrammeSettings({ preferences, zone }: { preferences: ProgrammePreferences; zone: string | null }) {
  const save = useSaveProgrammePreferences();
  const hourId = useId();
  const [hour, setHour] = useState<number | null>(null);
  const [channel, setChannel] = useState<ProgrammeChannel | null>(null);
  const chosenHour = hour ?? preferences.morningHour;
  const chosenChannel = channel ?? preferences.channel;
  const changed = chosenHour !== preferences.morningHour || chosenChannel !== preferences.channel;
  const zoneName = zone ?? "UTC";
  const goesBy = effectiveChannel(preferences) === "bot" ? "by the coach bot" : "by email";

  function submit() {
    void save.save({ morningHour: chosenHour, channel: chosenChannel }).then((outcome) => {
      if (outcome.ok) {
        setHour(null);
        setChannel(null);
      }
    });
  }

  return (
    <>
      <p className="text-sm text-muted-foreground" data-testid="programme-summary">
        {preferences.paused
          ? "Paused: no reminders or morning plans until you resume. Receipts and account emails still come."
          : `Reminders before the start and each morning's plan come at ${formatHour(preferences.morningHour)} (${zoneName}), ${goesBy}.`}
        {zone ? "" : " Set your time zone to have them come on your own clock."}
      </p>
      {preferences.botBlockedAt ? (
        <Alert data-testid="programme-blocked">
          <AlertDescription>
            Your messages moved to email on {blockedOn(preferences.botBlockedAt, zoneName)}: Telegram said the coach bot was blocked. Link
            the bot again on this page to get them there.
          </AlertDescription>
        </Alert>
      ) : null}
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor={hourId}>Morning hour ({zoneName})</Label>
          <select
            id={hourId}
            className={inputStyles}
            value={chosenHour}
            onChange={(event) => setHour(Number(event.target.value))}
            disabled={save.busy}
          >
            {MORNING_HOURS.map((value) => (
              <option key={value} value={value}>
                {formatHour(value)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="grid gap-2" disabled={save.busy}>
          <legend className="mb-2 text-sm font-medium leading-none">Send them by</legend>
          {(["bot", "email"] as const).map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 text-sm has-checked:border-primary"
            >
              <input
                type="radio"
                name="programme-channel"
                value={value}
                checked={chosenChannel === value}
                onChange={() => setChannel(value)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{CHANNEL_LABEL[value]}</span>
                {value === "bot" && !preferences.botLinked ? (
                  <span className="text-muted-foreground" data-testid="programme-bot-needs-link">
                    The coach bot is not linked yet: until you link it on this page, the messages come by email.
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button type="submit" disabled={save.busy || !changed}>
            {save.busy ? "Saving…" : "Save"}
          </Button>
          <Button type="button" variant="outline" disabled={save.busy} onClick={() => void save.save({ paused: !preferences.paused })}>
            {preferences.paused ? "Resume messages" : "Pause messages"}
          </Button>
        </div>
      </form>
      {save.error ? (
        <p role="alert" className="text-sm text-destructive">
          {save.error || PREFERENCES_SAVE_FAILED}
        </p>
      ) : null}
    </>
  );
}
