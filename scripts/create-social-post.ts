// npm run post:create -- <story.json>: makes a social post from a story file (for support and
// demos) against DATABASE_URL and prints the link that edits it. The file holds
//   { "story_messages": [{ "sender": "user" | "mini_assistant", "content": "..." }],
//     "user_inputs": "...", "owner_email": "member@example.com" }
// where only what the author said is required (a message from them, or user_inputs).
import { readFile } from "node:fs/promises";
import nextEnv from "@next/env";
import { z } from "zod";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });

// The app's modules read the environment when they load, so they load after .env is read.
const { createSocialPost } = await import("@/server/posts/create-social-post");
const { findMemberIdByEmail } = await import("@/server/db/accounts/users");
const { closeDb } = await import("@/server/db/client");
const { ApiError } = await import("@/server/http/api-error");
const { storySchema } = await import("@/lib/posts/story-schema");

const fileSchema = z.looseObject({ owner_email: z.email("owner_email must be an email address.").optional() });

async function main(path: string | undefined): Promise<void> {
  if (!path) throw new Error("usage: npm run post:create -- <story.json>");
  const json: unknown = JSON.parse(await readFile(path, "utf8"));
  const { owner_email: ownerEmail, ...story } = fileSchema.parse(json);
  const ownerId = ownerEmail ? await findMemberIdByEmail(ownerEmail) : null;
  if (ownerEmail && !ownerId) throw new Error(`No member has the address ${ownerEmail}.`);
  const created = await createSocialPost(storySchema.parse({ source: "operator", ...story, owner_id: ownerId }));
  console.log(`Post ${created.postId} created. Its edit link works until ${created.expiresAt.toISOString()}:`);
  console.log(created.editLink);
}

try {
  await main(process.argv[2]);
} catch (error) {
  if (error instanceof ApiError) {
    console.error(`${error.message}${error.details?.map((d) => `\n  ${d.path}: ${d.message}`).join("") ?? ""}`);
  } else if (error instanceof z.ZodError) {
    console.error(error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`).join("\n"));
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exitCode = 1;
} finally {
  await closeDb();
}
