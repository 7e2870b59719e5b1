import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

afterEach(cleanup);

function Example({ showCloseButton }: { showCloseButton?: boolean }) {
  return (
    <Dialog>
      <DialogTrigger>Edit details</DialogTrigger>
      <DialogContent showCloseButton={showCloseButton}>
        <DialogHeader>
          <DialogTitle>Edit details</DialogTitle>
          <DialogDescription>Change the fields and save.</DialogDescription>
        </DialogHeader>
        <label>
          Name
          <input name="name" />
        </label>
      </DialogContent>
    </Dialog>
  );
}

function openDialog(): { trigger: HTMLElement; dialog: HTMLElement } {
  const trigger = screen.getByRole("button", { name: "Edit details" });
  trigger.focus();
  fireEvent.click(trigger);
  const dialog = screen.getByRole("dialog", { name: "Edit details" });
  return { trigger, dialog };
}

function pressEscape(): void {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape", code: "Escape" });
}

describe("Dialog", () => {
  it("is closed until the trigger is clicked, then opens with an accessible name and description", () => {
    render(<Example />);
    const trigger = screen.getByRole("button", { name: "Edit details" });

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(trigger.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(trigger);

    const dialog = screen.getByRole("dialog", { name: "Edit details" });
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    const descriptionId = dialog.getAttribute("aria-describedby");
    expect(descriptionId).toBeTruthy();
    expect(document.getElementById(descriptionId ?? "")?.textContent).toBe("Change the fields and save.");
  });

  it("closes on Escape", async () => {
    render(<Example />);
    openDialog();

    pressEscape();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Edit details" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("moves focus into the dialog and returns it to the trigger after closing", async () => {
    render(<Example />);
    const { trigger, dialog } = openDialog();

    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).not.toBe(trigger);

    pressEscape();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("has a labelled close button that closes the dialog", async () => {
    render(<Example />);
    const { trigger, dialog } = openDialog();

    const close = screen.getByRole("button", { name: "Close" });
    expect(dialog.contains(close)).toBe(true);
    fireEvent.click(close);

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("omits the close button when showCloseButton is false", () => {
    render(<Example showCloseButton={false} />);
    openDialog();

    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });
});
