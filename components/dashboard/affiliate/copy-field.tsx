"use client";

import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { copiedMessage, copyFailedMessage, type Copied } from "@/lib/referrals/affiliate-display";

/** Copies the text, then says so (SPEC §8): 'Link copied to clipboard!' or 'Failed to copy link'. */
export async function copyToClipboard(text: string, what: Copied): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copiedMessage(what));
  } catch {
    toast.error(copyFailedMessage(what));
  }
}

type CopyFieldProps = { id: string; label: string; value: string; what: Copied; monospace?: boolean };

/** A read-only value with its copy button. */
export function CopyField({ id, label, value, what, monospace = false }: CopyFieldProps) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={monospace ? "font-mono tracking-wider" : undefined}
        />
        <Button type="button" variant="outline" className="shrink-0" onClick={() => void copyToClipboard(value, what)}>
          <Copy aria-hidden="true" /> Copy <span className="sr-only">{what.toLowerCase()}</span>
        </Button>
      </div>
    </div>
  );
}
