import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CODE_LOAD_FAILED } from "@/components/errors/load-error";
import { lazyComponent } from "@/components/lazy/lazy-component";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const chunkFailed = (): Promise<typeof Greeting> => Promise.reject(new Error("Failed to load chunk"));
const loaded = () => Promise.resolve(Greeting);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("lazyComponent, the one way to load a component late", () => {
  it("renders the component with its props once its code has loaded, and the loading view until then", async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const Lazy = lazyComponent(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)), {
      loading: ({ name }) => <p>Greeting {name}…</p>,
    });
    render(<Lazy name="Ada" />);
    expect(await screen.findByText("Greeting Ada…")).toBeTruthy();
    await act(async () => arrive(Greeting));
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    expect(screen.queryByText("Greeting Ada…")).toBeNull();
  });

  it("says in place that the code could not load, with 'Try again', instead of doing nothing", async () => {
    const Lazy = lazyComponent(chunkFailed);
    render(
      <>
        <p>The rest of the page</p>
        <Lazy name="Ada" />
      </>,
    );
    expect(await screen.findByText(CODE_LOAD_FAILED)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(CODE_LOAD_FAILED);
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByText("The rest of the page")).toBeTruthy();
  });

  it("fetches the code again in place on 'Try again', and shows the component once it arrives", async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockImplementationOnce(chunkFailed).mockImplementation(loaded);
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const Lazy = lazyComponent(load);
    render(<Lazy name="Ada" />);
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    expect(screen.queryByText(CODE_LOAD_FAILED)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it("retries every place the component is shown at once", async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockImplementationOnce(chunkFailed).mockImplementation(loaded);
    const Lazy = lazyComponent(load);
    render(
      <>
        <Lazy name="Ada" />
        <Lazy name="Grace" />
      </>,
    );
    const [first, ...others] = await screen.findAllByRole("button", { name: "Try again" });
    expect(others).toHaveLength(1);
    fireEvent.click(first ?? document.body);
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    expect(await screen.findByText("Hello Grace")).toBeTruthy();
  });

  it("reloads the page when the code fails again while the browser is online (a new release replaced it)", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const Lazy = lazyComponent(chunkFailed);
    render(<Lazy name="Ada" />);
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("keeps trying in place while the browser is offline", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const load = vi.fn(chunkFailed);
    const Lazy = lazyComponent(load);
    render(<Lazy name="Ada" />);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    }
    expect(await screen.findByText(CODE_LOAD_FAILED)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(4);
    expect(reload).not.toHaveBeenCalled();
  });

  it("preload fetches the code once, settles when it has arrived, and rendering then uses what was fetched", async () => {
    const load = vi.fn(loaded);
    const Lazy = lazyComponent(load);
    void Lazy.preload();
    await Lazy.preload();
    render(<Lazy name="Ada" />);
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it("a failed preload is not the last word: it settles without an error, and rendering fetches again", async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockImplementationOnce(chunkFailed).mockImplementation(loaded);
    const Lazy = lazyComponent(load);
    await expect(Lazy.preload()).resolves.toBeUndefined();
    render(<Lazy name="Ada" />);
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
