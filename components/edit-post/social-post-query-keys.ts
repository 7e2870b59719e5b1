// Query keys for the social post an edit link opens.
export const socialPostKeys = {
  all: ["social-post"] as const,
  post: ({ postId, token }: { postId: string; token: string }) => ["social-post", postId, token] as const,
};
