"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { CheckCircle2 } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { inputStyles } from "@/components/ui/input-styles";
import { NEWSLETTER_FAILED, NEWSLETTER_THANKS, NEWSLETTER_THANKS_MS } from "@/lib/newsletter/newsletter-messages";

type Status = "idle" | "sending" | "thanks";

// This form is on every page: its call, with the address check, apiRequest and the schemas it
// parses with, loads with the first submit, so no page's first load carries zod for it. A call that cannot load is a failure the
// form shows like any other.
async function subscribe(email: string): Promise<string | null> {
  try {
    const { subscribeToNewsletter } = await import("./newsletter-api");
    return await subscribeToNewsletter(email);
  } catch {
    return NEWSLETTER_FAILED;
  }
}

/** SPEC §2/§4/§5: email required and of email format; thanks for 3 s, then the form returns. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  const id = useId();
  const errorId = `${id}-error`;

  useEffect(() => {
    if (status !== "thanks") return;
    const timer = setTimeout(() => setStatus("idle"), NEWSLETTER_THANKS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setStatus("sending");
    const failure = await subscribe(email);
    if (failure) {
      setError(failure);
      setStatus("idle");
      return;
    }
    setEmail("");
    setStatus("thanks");
  }

  if (status === "thanks") {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md bg-white/10 px-4 py-3 font-medium">
        <CheckCircle2 aria-hidden="true" className="size-5 text-amber-300" />
        {NEWSLETTER_THANKS}
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" aria-label="Newsletter">
      <label htmlFor={id} className="text-sm font-medium">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        {/* Plain elements with the primitives' classes: this form is on every page, so it stays light. */}
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputStyles}
        />
        <button type="submit" className={buttonVariants({ variant: "secondary" })} disabled={status === "sending"}>
          {status === "sending" ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      <p id={errorId} role="alert" className="min-h-5 text-sm text-amber-200">
        {error}
      </p>
    </form>
  );
}
