import { Link2Off } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { TELEGRAM_LINK_INCOMPLETE } from "./pending-telegram-id";

/** /auth?telegram_id=… without the coach bot's proof links nothing, and says so. */
export function TelegramLinkIncompleteNotice() {
  return (
    <Alert>
      <Link2Off aria-hidden="true" />
      <AlertTitle>{TELEGRAM_LINK_INCOMPLETE.title}</AlertTitle>
      <AlertDescription>
        <p>{TELEGRAM_LINK_INCOMPLETE.description}</p>
      </AlertDescription>
    </Alert>
  );
}
