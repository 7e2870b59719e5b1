import { describe, expect, it } from "vitest";

import { CANNED_REPLIES, CHAT_REPLY_DELAY_MS, createMessage, isChatMessage, pickReply } from "@/lib/assistant/chat";

describe("createMessage (SPEC §3 Chat message)", () => {
  it("stamps the message with a timestamp id and an ISO date", () => {
    const now = new Date("2025-03-01T10:00:00.000Z");
    expect(createMessage("Hi", true, now)).toEqual({
      id: String(now.getTime()),
      content: "Hi",
      isUser: true,
      timestamp: "2025-03-01T10:00:00.000Z",
    });
  });

  it("uses the current time by default", () => {
    const before = Date.now();
    const message = createMessage("Hello", false);
    expect(Number(message.id)).toBeGreaterThanOrEqual(before);
    expect(message.isUser).toBe(false);
  });
});

describe("canned replies (SPEC §9: 4 replies after 1 s)", () => {
  it("has four distinct replies and a one-second delay", () => {
    expect(CANNED_REPLIES).toHaveLength(4);
    expect(new Set(CANNED_REPLIES).size).toBe(4);
    expect(CHAT_REPLY_DELAY_MS).toBe(1000);
  });

  it.each([
    [0, 0],
    [0.25, 1],
    [0.5, 2],
    [0.99, 3],
  ])("picks the reply for random %f", (random, index) => {
    expect(pickReply(() => random)).toBe(CANNED_REPLIES[index]);
  });

  it("stays within the list for out-of-range random numbers", () => {
    expect(pickReply(() => 1)).toBe(CANNED_REPLIES[3]);
    expect(pickReply(() => -0.5)).toBe(CANNED_REPLIES[0]);
  });

  it("uses Math.random by default", () => {
    expect(CANNED_REPLIES).toContain(pickReply());
  });
});

describe("isChatMessage", () => {
  const valid = { id: "1700000000000", content: "Hi", isUser: true, timestamp: "2025-03-01T10:00:00.000Z" };

  it("accepts a complete message", () => {
    expect(isChatMessage(valid)).toBe(true);
  });

  it.each([
    ["null", null],
    ["a string", "Hi"],
    ["a message without content", { ...valid, content: undefined }],
    ["a message with blank content", { ...valid, content: "   " }],
    ["an empty id", { ...valid, id: "" }],
    ["a numeric id", { ...valid, id: 17 }],
    ["a role/text shape", { role: "user", text: "Hi" }],
    ["isUser as text", { ...valid, isUser: "true" }],
    ["a timestamp that is not a date", { ...valid, timestamp: "yesterday" }],
    ["a missing timestamp", { ...valid, timestamp: undefined }],
  ])("rejects %s", (_label, value) => {
    expect(isChatMessage(value)).toBe(false);
  });
});
