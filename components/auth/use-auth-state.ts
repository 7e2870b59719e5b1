"use client";

import { useEffect, useState } from "react";
import type { User } from "@supabase/supabase-js";
import { createClient } from "./supabase-browser";

export type AuthState = { user: User | null; loading: boolean };

/**
 * SPEC §4 Auth state: starts loading with no user and settles on the stored session or on the
 * first auth event (initial session, signed in, signed out, token refreshed, user updated,
 * password recovery, MFA verified), whichever comes first; later events keep it current.
 */
export function useAuthState(): AuthState {
  const [state, setState] = useState<AuthState>({ user: null, loading: true });

  useEffect(() => {
    const supabase = createClient();
    let active = true;
    let heardEvent = false;
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      heardEvent = true;
      if (active) setState({ user: session?.user ?? null, loading: false });
    });
    supabase.auth
      .getSession()
      .then(({ data: { session } }) => {
        // An event that arrived first is at least as new as what storage held.
        if (active && !heardEvent) setState({ user: session?.user ?? null, loading: false });
      })
      .catch((error: unknown) => {
        console.error("Could not read the session", error);
        if (active && !heardEvent) setState({ user: null, loading: false });
      });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);

  return state;
}
