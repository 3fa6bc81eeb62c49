import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { render } from "../test/render";
import { lazyComponent } from "./lazy-component";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const loadGreeting = () => Promise.resolve({ Greeting });

describe("lazyComponent", () => {
  it("suspends on a first render whose chunk is not in: the fallback is what shows", () => {
    const Lazy = lazyComponent(loadGreeting, (module) => module.Greeting);
    const markup = render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    expect(markup).toBe("<p>Loading…</p>");
  });

  it("renders at once, without its fallback, once preloaded", async () => {
    const Lazy = lazyComponent(loadGreeting, (module) => module.Greeting);
    await Lazy.preload();
    const markup = render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    expect(markup).toBe("<p>Hello Ada</p>");
  });

  it("loads its chunk once, however often it is preloaded", async () => {
    let loads = 0;
    const Lazy = lazyComponent(
      () => {
        loads += 1;
        return loadGreeting();
      },
      (module) => module.Greeting,
    );
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(loads).toBe(1);
  });
});
