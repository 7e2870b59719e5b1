import { MAX_REGENERATIONS } from "./post-rules";

// SPEC §5 and §8: the exact words of the edit-post screen and the social-post calls.
export const postMessages = {
  invalidLink: { title: "Invalid Link", description: "The edit link is missing required parameters." },
  loadFailed: { title: "Error", fallback: "Failed to load post" },
  invalidEditLink: "Invalid or expired edit link",
  shareFailed: { title: "Failed to share post", fallback: "Failed to mark post as shared" },
  regenerateFailed: "Failed to regenerate post",
  shared: "Post copied to clipboard and marked as shared!",
  regenerated: "Post regenerated successfully!",
  manualCopy: {
    title: "Manual Copy Required",
    description: "Please copy the post text manually. Post has been marked as shared.",
  },
  noChatHistory: "No chat history available",
  regenerationLimit: `This post has been regenerated ${MAX_REGENERATIONS} times, the most allowed. You can still edit the text and share it.`,
} as const;
