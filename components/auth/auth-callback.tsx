"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { authMessages } from "@/lib/auth/auth-messages";
import type { CallbackParams } from "./callback-params";
import { completePendingVerification } from "./pending-verification";
import { createClient } from "./supabase-browser";

// SPEC §2: the phone-to-dashboard handoff waits 1 s on the "signed in" message.
const HANDOFF_DELAY_MS = 1000;

/** Exchanges the link's one-time code for a session (stored in this browser's cookies). */
async function exchangeCode(code: string): Promise<boolean> {
  const supabase = createClient();
  const { error } = await supabase.auth.exchangeCodeForSession(code);
  if (!error) return true;
  // The browser client exchanges a ?code= by itself when it starts (detectSessionInUrl) and takes
  // the code out of the address bar only when that worked. Then this second exchange finds its
  // one-time verifier used up, but the session is in place.
  if (new URLSearchParams(window.location.search).has("code")) {
    console.error("Could not exchange the sign-in code", error);
    return false;
  }
  const { data } = await supabase.auth.getSession();
  return data.session !== null;
}

/** SPEC §2 /auth/callback and /auth-callback: finish a Google sign-in (email links go to /auth/confirm), or report a failed one. */
export function AuthCallback({ params }: { params: CallbackParams }) {
  const router = useRouter();
  const started = useRef(false);
  const [handoffPath, setHandoffPath] = useState<string | null>(null);

  useEffect(() => {
    // Once per visit: a code can be exchanged only once (and React's development mode runs effects twice).
    if (started.current) return;
    started.current = true;

    async function complete() {
      const signedIn = params.error === null && params.code !== null && (await exchangeCode(params.code));
      if (!signedIn) {
        if (params.error) console.error("Sign-in came back with an error", params.error);
        toast.error(authMessages.callbackFailed, { id: "callback-failed" });
        router.replace("/auth");
        return;
      }
      if (params.handoffPath) {
        setHandoffPath(params.handoffPath);
        return;
      }
      if (params.verify) await completePendingVerification();
      router.replace(params.next);
    }
    void complete().catch((error: unknown) => {
      console.error("Sign-in could not be completed", error);
      toast.error(authMessages.callbackFailed, { id: "callback-failed" });
      router.replace("/auth");
    });
  }, [params, router]);

  useEffect(() => {
    if (!handoffPath) return;
    const timer = setTimeout(() => router.replace(handoffPath), HANDOFF_DELAY_MS);
    return () => clearTimeout(timer);
  }, [handoffPath, router]);

  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight">{handoffPath ? "Signed in" : "Signing you in"}</h1>
      <Spinner className="size-8 text-primary" label={handoffPath ? "Taking you to your dashboard" : "Completing sign-in"} />
      <p className="text-sm text-muted-foreground">
        {handoffPath ? "Signed in, taking you to your dashboard…" : "One moment while we finish signing you in…"}
      </p>
    </div>
  );
}
