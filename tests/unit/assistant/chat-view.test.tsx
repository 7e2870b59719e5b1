import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";

import { AssistantPanel } from "@/components/assistant/assistant-panel";
import { CANNED_REPLIES } from "@/lib/assistant/chat";
import { storageKeys } from "@/lib/storage-keys";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }), usePathname: () => "/" }));

function openChat() {
  render(<AssistantPanel focusRequest={1} onCollapse={vi.fn()} />);
  fireEvent.click(screen.getByRole("button", { name: "Chat" }));
  return screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
}

function type(box: HTMLTextAreaElement, value: string) {
  fireEvent.change(box, { target: { value } });
}

function sendButton(): HTMLButtonElement {
  return screen.getByRole("button", { name: "Send" });
}

function conversation(): string[] {
  return within(screen.getByRole("list", { name: "Conversation" }))
    .queryAllByRole("listitem")
    .map((item) => item.textContent ?? "");
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("Chat (SPEC §2, §4)", () => {
  it("disables Send for blank input", () => {
    const box = openChat();
    expect(sendButton().disabled).toBe(true);
    type(box, "   \n ");
    expect(sendButton().disabled).toBe(true);
    type(box, "Hi");
    expect(sendButton().disabled).toBe(false);
  });

  it("sends on Enter and clears the box", () => {
    const box = openChat();
    type(box, "  Do oats spike glucose?  ");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(conversation()).toEqual(["You: Do oats spike glucose?"]);
    expect(box.value).toBe("");
  });

  it("does not send on Shift+Enter", () => {
    const box = openChat();
    type(box, "First line");
    const event = fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(event).toBe(true);
    expect(conversation()).toEqual([]);
  });

  it("does not send a blank message on Enter", () => {
    const box = openChat();
    type(box, "  ");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(conversation()).toEqual([]);
  });

  it("sends with the Send button", () => {
    const box = openChat();
    type(box, "Hello");
    fireEvent.click(sendButton());
    expect(conversation()).toEqual(["You: Hello"]);
  });

  it("answers with a canned reply after 1 second and stores both messages", () => {
    vi.spyOn(Math, "random").mockReturnValue(0.6);
    const box = openChat();
    type(box, "How long is the bootcamp?");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(screen.getByText("Coach is typing…")).toBeTruthy();
    act(() => vi.advanceTimersByTime(999));
    expect(conversation()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(conversation()).toEqual(["You: How long is the bootcamp?", `Coach: ${CANNED_REPLIES[2]}`]);
    expect(screen.queryByText("Coach is typing…")).toBeNull();
    const stored = JSON.parse(localStorage.getItem(storageKeys.chatHistory) ?? "[]") as { isUser: boolean }[];
    expect(stored.map((m) => m.isUser)).toEqual([true, false]);
    vi.restoreAllMocks();
  });

  it("'Clear chat' empties the list and cancels a pending reply", () => {
    const box = openChat();
    type(box, "Hello");
    fireEvent.keyDown(box, { key: "Enter" });
    fireEvent.click(screen.getByRole("button", { name: "Clear chat" }));
    act(() => vi.advanceTimersByTime(2000));
    expect(conversation()).toEqual([]);
    expect(localStorage.getItem(storageKeys.chatHistory)).toBe("[]");
    expect((screen.getByRole("button", { name: "Clear chat" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("keeps the conversation in a polite live region", () => {
    openChat();
    expect(screen.getByRole("list", { name: "Conversation" }).getAttribute("aria-live")).toBe("polite");
  });
});
