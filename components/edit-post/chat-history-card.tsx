import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { postMessages } from "@/lib/posts/post-messages";
import { visibleChatHistory, type StoryMessage } from "@/lib/posts/post-rules";

/** SPEC §2, §8: the story conversation the post was made from, or 'No chat history available'. */
export function ChatHistoryCard({ messages }: { messages: readonly StoryMessage[] }) {
  const history = visibleChatHistory(messages);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Chat History</h2>
        </CardTitle>
        <CardDescription>The story you told, which your post is made from.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="rounded-md bg-muted px-4 py-6 text-center text-sm text-muted-foreground">{postMessages.noChatHistory}</p>
        ) : (
          <ol
            aria-label="Chat history"
            tabIndex={0}
            className="grid max-h-96 gap-3 overflow-y-auto rounded-md pr-1 focus-visible:outline-2 focus-visible:outline-ring"
          >
            {history.map((message, index) => {
              const mine = message.sender === "user";
              return (
                <li key={index} className={cn("flex flex-col gap-1", mine ? "items-end" : "items-start")}>
                  <span className="text-xs font-medium text-muted-foreground">{mine ? "You" : "Mini assistant"}</span>
                  <p
                    className={cn(
                      "max-w-[85%] whitespace-pre-line break-words rounded-2xl px-4 py-2 text-sm",
                      mine ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
                    )}
                  >
                    {message.content}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
