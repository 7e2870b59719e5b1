"use client";

import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Globe } from "lucide-react";
import { useTimeZone } from "@/components/hooks/use-time-zone";
import { Button } from "@/components/ui/button";
import { inputStyles } from "@/components/ui/input-styles";
import { Label } from "@/components/ui/label";
import { canonicalTimeZone, timeZoneChoices } from "@/lib/time-zone/time-zone";
import { TIME_ZONE_SAVE_FAILED, useMemberProfileQuery, useSaveTimeZone } from "./member-profile-api";

const TITLE_ID = "time-zone-title";
const subscribe = () => () => {};

/**
 * The zones to offer: the whole list only in the browser, whose Intl may list other zones than the
 * server's (a list that differed would not hydrate); the server's HTML offers the selected one.
 */
function useZoneChoices(selected: string): string[] {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return useMemo(() => (inBrowser ? timeZoneChoices(selected) : [selected]), [inBrowser, selected]);
}

/**
 * D19: the member's time zone, which the cohort card and the coach bot's /today count days in. The
 * browser's own zone is stored on the member's first visit (every sign-up and account set-up lands
 * here), and the member can change it.
 */
export function TimeZoneCard() {
  const profile = useMemberProfileQuery();
  const browser = useTimeZone();
  const save = useSaveTimeZone();
  const stored = profile.data?.timeZone ?? null;
  useRecordBrowserTimeZone(profile.data !== undefined && stored === null, save.save);

  const selectId = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? stored ?? browser;
  const zones = useZoneChoices(selected);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(zone: string) {
    setProblem(null);
    if (!canonicalTimeZone(zone)) return setProblem(`"${zone}" is not a time zone we know.`);
    void save.save(zone).then((outcome) => {
      if (outcome.ok) setChoice(null);
      else if (outcome.error instanceof Error) setProblem(outcome.error.message || TIME_ZONE_SAVE_FAILED);
    });
  }

  return (
    <section aria-labelledby={TITLE_ID} className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      <div className="grid gap-1">
        <h2 id={TITLE_ID} className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <Globe aria-hidden="true" className="size-5 text-primary" />
          Your time zone
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="time-zone-current">
          {stored
            ? `Your cohort's days, here and from the coach bot, are counted in ${stored}.`
            : `Your cohort's days are counted in ${browser}, this browser's time zone.`}
        </p>
      </div>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          submit(selected);
        }}
      >
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor={selectId}>Time zone</Label>
          <select
            id={selectId}
            className={inputStyles}
            value={selected}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${selectId}-problem` : undefined}
            onChange={(event) => setChoice(event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" disabled={save.busy || selected === stored}>
          {save.busy ? "Saving…" : "Save time zone"}
        </Button>
      </form>
      {stored && stored !== browser ? (
        <p className="text-sm text-muted-foreground">
          This browser is set to {browser}.{" "}
          <Button type="button" variant="link" className="h-auto p-0" disabled={save.busy} onClick={() => submit(browser)}>
            Use {browser}
          </Button>
        </p>
      ) : null}
      {problem ? (
        <p id={`${selectId}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/** Stores the browser's zone once for a member who has none yet (D19: captured from the browser). */
function useRecordBrowserTimeZone(needed: boolean, record: (zone: string) => Promise<unknown>) {
  const tried = useRef(false);
  useEffect(() => {
    if (!needed || tried.current) return;
    tried.current = true;
    const zone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (zone) void record(zone);
  }, [needed, record]);
}
