"use client";

import { useEffect, useState } from "react";
import type { User } from "@supabase/supabase-js";

export type AuthState = { user: User | null; loading: boolean };

/**
 * SPEC §4 Auth state: starts loading with no user and settles on the stored session or on the
 * first auth event (initial session, signed in, signed out, token refreshed, user updated,
 * password recovery, MFA verified), whichever comes first; later events keep it current.
 * The auth client loads after the first paint (a dynamic import), so the page does not wait for it.
 */
export function useAuthState(): AuthState {
  const [state, setState] = useState<AuthState>({ user: null, loading: true });

  useEffect(() => {
    let active = true;
    let heardEvent = false;
    let unsubscribe = () => {};
    const settle = (user: User | null) => {
      if (active) setState({ user, loading: false });
    };
    import("./supabase-browser")
      .then(({ createClient }) => {
        if (!active) return;
        const supabase = createClient();
        const { data } = supabase.auth.onAuthStateChange((_event, session) => {
          heardEvent = true;
          settle(session?.user ?? null);
        });
        unsubscribe = () => data.subscription.unsubscribe();
        return supabase.auth.getSession().then(({ data: { session } }) => {
          // An event that arrived first is at least as new as what storage held.
          if (!heardEvent) settle(session?.user ?? null);
        });
      })
      .catch((error: unknown) => {
        console.error("Could not read the session", error);
        if (!heardEvent) settle(null);
      });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  return state;
}
