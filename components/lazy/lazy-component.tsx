"use client";

import dynamic from "next/dynamic";
import { createContext, use, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { CodeLoadError } from "@/components/errors/load-error";

/** A component whose code loads on first render, or on `preload()` when the visitor reaches for it. */
export type LazyComponent<P> = ((props: P) => ReactNode) & {
  /**
   * Starts fetching the code without rendering anything (a pointer over its opener, a focus).
   * Settles, never rejecting, once the code has arrived or failed to (a failure shows on render).
   */
  preload: () => Promise<void>;
};

type LazyOptions<P> = {
  /** What shows while the code is on its way (nothing by default); it gets the component's props. */
  loading?: (props: P) => ReactNode;
};

/**
 * The one way the browser loads a component late (heavy code most visits never need: a dialog, a
 * carousel, the recorder): `next/dynamic` without server rendering, and when the code cannot be
 * fetched (offline, or a release replaced it) the component's place says so with 'Try again'.
 * 'Try again' fetches the code again in place, so nothing on the page is lost; pressed again while
 * the browser is online, the code is gone with a new release, so it reloads the page.
 *
 * Called at module level as `lazyComponent(() => import("./x").then((m) => m.X))`: lint allows
 * `import()` in components/ and app/ only there.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, options: LazyOptions<P> = {}): LazyComponent<P> {
  let fetching: Promise<ComponentType<P>> | null = null;
  let retried = false;
  const listeners = new Set<() => void>();
  // next/dynamic's loading fallback gets no props; the wrapper hands them over through this.
  const PendingProps = createContext<P | null>(null);

  const fetchCode = () =>
    (fetching ??= load().catch((error: unknown) => {
      fetching = null;
      throw error;
    }));

  function retry() {
    if (retried && navigator.onLine) {
      window.location.reload();
      return;
    }
    retried = true;
    current = attempt();
    listeners.forEach((listener) => listener());
  }

  function Failed() {
    return <CodeLoadError onRetry={retry} />;
  }

  function Loading() {
    const props = use(PendingProps);
    return props && options.loading ? options.loading(props) : null;
  }

  // An attempt is a component of its own: next/dynamic keeps the first answer of its loader.
  const attempt = () => dynamic(() => fetchCode().catch(() => Failed), { ssr: false, loading: Loading });
  let current = attempt();

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const shown = () => current;

  function Lazy(props: P) {
    const Current = useSyncExternalStore(subscribe, shown, shown);
    return (
      <PendingProps value={props}>
        <Current {...props} />
      </PendingProps>
    );
  }

  const preload = () =>
    fetchCode().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Lazy, { preload });
}
