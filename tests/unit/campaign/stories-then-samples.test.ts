import { describe, expect, it } from "vitest";
import { storiesThenSamples } from "@/lib/campaign/stories-then-samples";

const samples = ["s1", "s2", "s3"];

describe("approved stories in the samples' places", () => {
  it("shows the samples while no story is approved", () => {
    expect(storiesThenSamples([], samples, 3)).toEqual(["s1", "s2", "s3"]);
  });

  it("puts each approved story first and lets the last sample go, keeping the number of places", () => {
    expect(storiesThenSamples(["a"], samples, 3)).toEqual(["a", "s1", "s2"]);
    expect(storiesThenSamples(["b", "a"], samples, 3)).toEqual(["b", "a", "s1"]);
  });

  it("shows no sample once there are as many stories as places", () => {
    expect(storiesThenSamples(["d", "c", "b", "a"], samples, 3)).toEqual(["d", "c", "b"]);
  });
});
