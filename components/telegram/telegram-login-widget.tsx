"use client";

import Image from "next/image";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { telegramAuthPayloadSchema, type TelegramAuthPayload } from "@/lib/telegram/telegram-auth-schemas";
import { VERIFY_FAILED, verifyTelegramAuth } from "./telegram-api";

// SPEC §9: the messaging widget gives up after 15 s, having looked for its container 3 times.
export const WIDGET_TIMEOUT_MS = 15_000;
export const WIDGET_CONTAINER_TRIES = 3;
export const WIDGET_LOAD_FAILED = "Failed to load Telegram login";

type Props = { scriptUrl: string; botUsername: string; directLink: string; nonce?: string };
type Status =
  | { kind: "loading" }
  | { kind: "ready" }
  | { kind: "failed" }
  | { kind: "verified"; user: TelegramAuthPayload }
  | { kind: "refused"; message: string };

declare global {
  interface Window {
    onTelegramAuth?: (user: unknown) => void;
  }
}

/** Loads the login widget into its container; after login shows what Telegram said and the server checked. */
export function TelegramLoginWidget({ scriptUrl, botUsername, directLink, nonce }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>({ kind: "loading" });

  useEffect(() => {
    window.onTelegramAuth = (user) => {
      const parsed = telegramAuthPayloadSchema.safeParse(user);
      if (!parsed.success) return setStatus({ kind: "refused", message: VERIFY_FAILED });
      verifyTelegramAuth(parsed.data)
        .then((verified) => setStatus({ kind: "verified", user: verified }))
        .catch((error: unknown) => setStatus({ kind: "refused", message: error instanceof Error ? error.message : VERIFY_FAILED }));
    };
    let tries = 0;
    let finished = false;
    let poll: ReturnType<typeof setTimeout> | undefined;
    const fail = () => {
      if (finished) return;
      finished = true;
      setStatus({ kind: "failed" });
    };
    const timeout = setTimeout(fail, WIDGET_TIMEOUT_MS);
    // The widget puts its button (or frame) into the container; look for it up to 3 times.
    const look = () => {
      if (finished) return;
      tries += 1;
      if (container.current?.querySelector("button, iframe")) {
        finished = true;
        clearTimeout(timeout);
        return setStatus({ kind: "ready" });
      }
      if (tries >= WIDGET_CONTAINER_TRIES) return fail();
      poll = setTimeout(look, 1000);
    };
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.dataset.telegramLogin = botUsername;
    script.dataset.size = "large";
    script.dataset.onauth = "onTelegramAuth(user)";
    script.dataset.requestAccess = "write";
    script.onload = () => look();
    script.onerror = fail;
    const host = container.current;
    host?.appendChild(script);
    return () => {
      finished = true;
      clearTimeout(timeout);
      if (poll) clearTimeout(poll);
      host?.replaceChildren();
      delete window.onTelegramAuth;
    };
  }, [scriptUrl, botUsername, nonce]);

  return (
    <div className="mt-8 grid gap-4">
      <div ref={container} aria-busy={status.kind === "loading" || undefined} className="min-h-12" />
      {status.kind === "loading" ? <p className="text-sm text-muted-foreground">Loading Telegram login…</p> : null}
      {status.kind === "failed" ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 p-4">
          <p className="font-medium">{WIDGET_LOAD_FAILED}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => window.location.reload()}>
              Try again
            </Button>
            <Button asChild variant="outline">
              <a href={directLink} target="_blank" rel="noreferrer">
                Open @{botUsername} directly
              </a>
            </Button>
          </div>
        </div>
      ) : null}
      {status.kind === "refused" ? <p role="alert">{status.message}</p> : null}
      {status.kind === "verified" ? <TelegramUserCard user={status.user} /> : null}
    </div>
  );
}

function TelegramUserCard({ user }: { user: TelegramAuthPayload }) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="telegram-user-title" className="flex gap-4 rounded-lg border p-4">
      {user.photo_url ? (
        // Telegram's own photo address: shown as it is, not through the image optimiser.
        <Image unoptimized src={user.photo_url} alt={`Photo of ${name}`} width={64} height={64} className="size-16 rounded-full" />
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <h2 id="telegram-user-title" className="col-span-2 mb-1 text-base font-semibold">
          Logged in with Telegram
        </h2>
        <dt className="font-medium">ID</dt>
        <dd data-testid="telegram-id">{user.id}</dd>
        <dt className="font-medium">Name</dt>
        <dd>{name}</dd>
        <dt className="font-medium">Username</dt>
        <dd>{user.username ? `@${user.username}` : "—"}</dd>
        <dt className="font-medium">Auth date</dt>
        <dd>{new Date(user.auth_date * 1000).toLocaleString("en-GB", { timeZone: "UTC" })} UTC</dd>
      </dl>
    </section>
  );
}
