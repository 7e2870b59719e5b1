"use client";

import { useStoryPostLink } from "./use-bot-setup";

/** The post the coach bot made from the member's /story, with the link the bot sent. */
export function StoryPostLink({ linked }: { linked: boolean }) {
  const story = useStoryPostLink(linked);
  const editLink = story.data?.editLink;
  if (!editLink) return null;
  return (
    <p className="mt-2 text-sm">
      Your story post:{" "}
      <a className="font-medium text-primary underline" href={editLink}>
        Edit and share
      </a>
    </p>
  );
}
