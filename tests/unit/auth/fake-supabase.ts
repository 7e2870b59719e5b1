import { vi } from "vitest";

type Listener = (event: string, session: unknown) => void;

/** A stand-in for the browser Supabase client's auth API, with a way to fire auth events. */
export function fakeSupabase() {
  const listeners = new Set<Listener>();
  const auth = {
    getSession: vi.fn().mockResolvedValue({ data: { session: null }, error: null }),
    getClaims: vi.fn().mockResolvedValue({ data: null, error: null }),
    exchangeCodeForSession: vi.fn().mockResolvedValue({ data: { session: {} }, error: null }),
    updateUser: vi.fn().mockResolvedValue({ data: { user: {} }, error: null }),
    signOut: vi.fn().mockResolvedValue({ error: null }),
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.add(listener);
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    }),
  };
  return {
    auth,
    emit(event: string, session: unknown) {
      for (const listener of listeners) listener(event, session);
    },
  };
}

export type FakeSupabase = ReturnType<typeof fakeSupabase>;

export function sessionFor(email: string) {
  return { access_token: "token", user: { id: "user-1", email } };
}
