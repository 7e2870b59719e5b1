"use client";

import { LoaderCircle, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { postMessages } from "@/lib/posts/post-messages";
import { MAX_REGENERATIONS, USER_INPUT_MAX, regenerationsLeft } from "@/lib/posts/post-rules";

type InputsCardProps = {
  inputs: string;
  onInputsChange: (inputs: string) => void;
  numOfRegen: number;
  regenerating: boolean;
  onRegenerate: () => void;
};

/** SPEC §2: the inputs the author gave, and Regenerate Post (D7: at most MAX_REGENERATIONS times). */
export function InputsCard({ inputs, onInputsChange, numOfRegen, regenerating, onRegenerate }: InputsCardProps) {
  const left = regenerationsLeft(numOfRegen);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Inputs</h2>
        </CardTitle>
        <CardDescription>Tell us what to change (shorter, more playful, something to mention), then regenerate.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="post-inputs">Your inputs</Label>
          <Textarea
            id="post-inputs"
            value={inputs}
            onChange={(e) => onInputsChange(e.target.value)}
            rows={4}
            maxLength={USER_INPUT_MAX}
            placeholder="For example: make it shorter and mention my morning walks"
            aria-describedby="regenerations-left"
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p id="regenerations-left" className="text-sm text-muted-foreground">
            {left > 0 ? `${left} of ${MAX_REGENERATIONS} regenerations left` : postMessages.regenerationLimit}
          </p>
          <Button
            type="button"
            variant="secondary"
            className="h-11 w-full shrink-0 sm:w-auto"
            onClick={onRegenerate}
            disabled={regenerating || left === 0}
            aria-busy={regenerating}
          >
            {regenerating ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <RefreshCw aria-hidden="true" />}
            {regenerating ? "Regenerating…" : "Regenerate Post"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
