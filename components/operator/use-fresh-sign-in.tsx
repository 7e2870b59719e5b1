"use client";

import { useCallback, useId, useRef, useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FRESH_SIGN_IN_REQUIRED } from "@/lib/operator/fresh-sign-in-schemas";
import { confirmFreshSignIn } from "./operator-api";

// D17: a money action answered 403 fresh_sign_in_required asks the operator for their password
// (the "Confirm it's you" dialog), then runs again. The server decides; the page only asks.

/** Thrown by guard() when the operator closes the dialog instead of confirming. */
export class FreshSignInCancelled extends Error {
  constructor() {
    super("Not done: the change needs your password.");
    this.name = "FreshSignInCancelled";
  }
}

const needsFreshSignIn = (error: unknown) => error instanceof ApiRequestError && error.code === FRESH_SIGN_IN_REQUIRED;

type Waiting = { resolve: () => void; reject: (error: Error) => void };

/**
 * `guard(action)` runs a money action; when the server asks for a fresh sign-in it shows the
 * dialog (render `dialog` once on the page) and, once the password is confirmed, runs it again.
 */
export function useFreshSignIn() {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  // The dialog opens on the server's answer, not from a trigger: focus goes back to what had it then.
  const opener = useRef<HTMLElement | null>(null);
  const guard = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!needsFreshSignIn(error)) throw error;
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      await new Promise<void>((resolve, reject) => setWaiting({ resolve, reject }));
      return action();
    }
  }, []);
  const dialog = (
    <FreshSignInDialog
      open={waiting !== null}
      onCloseAutoFocus={(event) => {
        if (!opener.current?.isConnected) return;
        event.preventDefault();
        opener.current.focus();
      }}
      onConfirmed={() => {
        waiting?.resolve();
        setWaiting(null);
      }}
      onCancel={() => {
        waiting?.reject(new FreshSignInCancelled());
        setWaiting(null);
      }}
    />
  );
  return { guard, dialog };
}

type FreshSignInDialogProps = { open: boolean; onConfirmed: () => void; onCancel: () => void; onCloseAutoFocus: (event: Event) => void };

function FreshSignInDialog({ open, onConfirmed, onCancel, onCloseAutoFocus }: FreshSignInDialogProps) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function close() {
    setPassword("");
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to a form that renders it.
    event.stopPropagation();
    if (password === "") return setError("Enter your password.");
    setChecking(true);
    try {
      await confirmFreshSignIn(password);
      close();
      onConfirmed();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "Your password could not be checked. Please try again.");
      input.current?.focus();
    } finally {
      setChecking(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !checking) {
          close();
          onCancel();
        }
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Confirm it&apos;s you</DialogTitle>
            <DialogDescription>Money changes need your password from the last 10 minutes. Enter it to go on.</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-password`} label="Password" error={error} announceError>
            {(control) => (
              <Input
                {...control}
                ref={input}
                type="password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={checking}
              onClick={() => {
                close();
                onCancel();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={checking}>
              {checking ? "Checking…" : "Confirm"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
