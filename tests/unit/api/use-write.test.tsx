import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { useWrite } from "@/components/api/use-write";
import { createQueryClient } from "@/components/query/create-query-client";

const FALLBACK = "The change could not be saved. Please try again.";
const message = (error: unknown) => (error instanceof ApiRequestError && error.fromServer ? error.message : FALLBACK);

/** A write the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function SaveButton({ save }: { save: () => Promise<string> }) {
  const { run, retry, busy, error, reset } = useWrite({ message });
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <div>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          const outcome = await run(save);
          if (outcome.ok) setSaved(outcome.data);
        }}
      >
        {busy ? "Saving…" : "Save"}
      </button>
      <button
        type="button"
        onClick={async () => {
          const outcome = await retry();
          if (outcome.ok) setSaved(String(outcome.data));
        }}
      >
        Try again
      </button>
      <button type="button" onClick={reset}>
        Dismiss
      </button>
      <p role="alert">{error}</p>
      <p role="status">{saved}</p>
    </div>
  );
}

afterEach(() => vi.restoreAllMocks());

describe("a browser write", () => {
  it("is busy while the request is under way, then shows what it saved", async () => {
    const answer = deferred<string>();
    render(<SaveButton save={() => answer.promise} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const busyButton = await screen.findByRole("button", { name: "Saving…" });
    expect(busyButton.hasAttribute("disabled")).toBe(true);
    await act(async () => answer.resolve("Saved."));
    expect((await screen.findByRole("button", { name: "Save" })).hasAttribute("disabled")).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("Saved.");
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("says the server's word in place when it refuses, and the default when it gave none", async () => {
    const save = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiRequestError("This cohort is full", 409, { code: "cohort_full", fromServer: true }))
      .mockRejectedValueOnce(new ApiRequestError("API request failed: 500 Internal Server Error", 500));
    render(<SaveButton save={save} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This cohort is full"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(FALLBACK));
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(""));
  });

  it("sends the same write again on retry, clearing the error while it runs", async () => {
    const second = deferred<string>();
    const save = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiRequestError("No answer", 0))
      .mockReturnValueOnce(second.promise);
    render(<SaveButton save={save} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(FALLBACK));

    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: "Saving…" });
    expect(screen.getByRole("alert").textContent).toBe("");
    await act(async () => second.resolve("Saved the second time."));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved the second time."));
    expect(save).toHaveBeenCalledTimes(2);
  });

  it("ignores a second submit while the first is under way", async () => {
    const answer = deferred<string>();
    const save = vi.fn(() => answer.promise);
    render(<SaveButton save={save} />);
    const button = screen.getByRole("button", { name: "Save" });
    // Two clicks in the same moment, before the page has drawn the busy state.
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole("button", { name: "Saving…" });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve("Saved once."));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved once."));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("runs inside the page's query client when there is one", async () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <SaveButton save={async () => "Saved."} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved."));
    expect(client.getMutationCache().getAll()).toHaveLength(1);
  });
});
