"use client";

import { useEffect, useRef } from "react";
import { LoaderCircle, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { POST_CONTENT_MAX } from "@/lib/posts/post-rules";
import type { ManualCopy } from "./use-share-post";

type PostCardProps = {
  content: string;
  onContentChange: (content: string) => void;
  referralLink: string;
  sharedAt: string | null;
  sharing: boolean;
  onShare: () => void;
  manualCopy: ManualCopy | null;
};

// The calendar day in UTC: the server renders it first and the browser must write the same day.
const sharedDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** SPEC §2: the post text, editable, with Share; and the text to copy by hand when the clipboard is refused. */
export function PostCard({ content, onContentChange, referralLink, sharedAt, sharing, onShare, manualCopy }: PostCardProps) {
  const manualCopyRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!manualCopy) return;
    // SPEC §8: the text area is focused and selected.
    manualCopyRef.current?.focus();
    manualCopyRef.current?.select();
  }, [manualCopy]);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Post</h2>
        </CardTitle>
        <CardDescription>Change anything you like. Share copies the text with your link to join.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="post-content">Post text</Label>
          <Textarea
            id="post-content"
            value={content}
            onChange={(e) => onContentChange(e.target.value)}
            rows={12}
            maxLength={POST_CONTENT_MAX}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          Click this link to join this journey: <span className="break-all font-medium text-foreground">{referralLink}</span>
        </p>
        {manualCopy ? (
          <div className="grid gap-2">
            <Label htmlFor="manual-copy">Copy this text to share your post</Label>
            <Textarea id="manual-copy" ref={manualCopyRef} value={manualCopy.text} readOnly rows={10} />
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">{sharedAt ? `Shared on ${sharedDate(sharedAt)}` : "Not shared yet"}</p>
          <Button
            type="button"
            className="h-11 w-full sm:w-auto"
            onClick={onShare}
            disabled={sharing || content.trim() === ""}
            aria-busy={sharing}
          >
            {sharing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Share2 aria-hidden="true" />}
            {sharing ? "Sharing…" : "Share"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
