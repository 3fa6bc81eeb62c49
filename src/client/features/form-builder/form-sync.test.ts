import { describe, expect, it } from "vitest";
import { defaultFormContent } from "../../../shared/forms/defaults";
import type { FormContent } from "../../../shared/forms/model";
import type { FormResult, SaveFormResult } from "../../../shared/schemas/forms";
import { FormSync, type SyncStatus } from "./form-sync";

/** A save's answer. */
const savedAt = (revision: number): SaveFormResult => ({
  revision,
  lastEditedAt: new Date(0).toISOString(),
  problems: [],
  warnings: [],
});

/** An operation's answer carrying only what the sync reads: the revision. */
const resultAt = (revision: number) =>
  ({ form: { revision }, problems: [], warnings: [] }) as unknown as FormResult;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A builder whose content is edited by renaming, and a server whose answers the test releases. */
function harness() {
  let content = defaultFormContent("F");
  const calls: {
    content: FormContent;
    revision: number;
    answer: ReturnType<typeof deferred<SaveFormResult>>;
  }[] = [];
  const statuses: SyncStatus["kind"][] = [];
  const sync = new FormSync(1, content, {
    latest: () => content,
    replace: (next) => {
      content = next;
    },
    save: (saved, revision) => {
      const answer = deferred<SaveFormResult>();
      calls.push({ content: saved, revision, answer });
      return answer.promise;
    },
    saved: () => undefined,
    accepted: () => undefined,
    status: (status) => statuses.push(status.kind),
  });
  return {
    sync,
    calls,
    statuses,
    edit: (name: string) => {
      content = { ...content, name };
    },
    content: () => content,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("autosave", () => {
  it("sends nothing without edits", async () => {
    const h = harness();
    await h.sync.save();
    expect(h.calls).toHaveLength(0);
    expect(h.sync.hasUnsavedEdits()).toBe(false);
  });

  it("saves one request at a time, collapsing the edits made meanwhile into one save of the latest", async () => {
    const h = harness();
    h.edit("a");
    const first = h.sync.save();
    await tick();
    h.edit("b");
    void h.sync.save();
    h.edit("c");
    const last = h.sync.save();
    expect(h.calls).toHaveLength(1);
    h.calls[0]!.answer.resolve(savedAt(2));
    await first;
    await tick();
    expect(h.calls).toHaveLength(2);
    expect(h.calls[1]!.content.name).toBe("c");
    expect(h.calls[1]!.revision).toBe(2);
    h.calls[1]!.answer.resolve(savedAt(3));
    await last;
    expect(h.sync.hasUnsavedEdits()).toBe(false);
    expect(h.statuses).toEqual(["saving", "saved", "saving", "saved"]);
  });

  it("keeps the edits after a failure and sends them on the next save", async () => {
    const h = harness();
    h.edit("a");
    const failing = h.sync.save();
    await tick();
    h.calls[0]!.answer.reject(new Error("offline"));
    await failing;
    expect(h.statuses).toEqual(["saving", "failed"]);
    expect(h.sync.hasUnsavedEdits()).toBe(true);
    const retry = h.sync.save();
    await tick();
    expect(h.calls[1]!.content.name).toBe("a");
    expect(h.calls[1]!.revision).toBe(1);
    h.calls[1]!.answer.resolve(savedAt(2));
    await retry;
    expect(h.sync.hasUnsavedEdits()).toBe(false);
  });

  it("stops after a stale save until the builder reloads", async () => {
    const h = harness();
    h.edit("a");
    const stale = h.sync.save();
    await tick();
    h.calls[0]!.answer.reject(Object.assign(new Error("stale"), { code: "STALE_REVISION" }));
    await stale;
    h.edit("b");
    await h.sync.save();
    expect(h.calls).toHaveLength(1);
    expect(h.statuses).toEqual(["saving", "stale"]);
  });
});

describe("server operations", () => {
  it("save the pending edits first, then run with the newest revision and apply the change locally", async () => {
    const h = harness();
    h.edit("typed");
    const seen: number[] = [];
    const operation = h.sync.run(
      async (revision) => {
        seen.push(revision);
        return resultAt(revision + 1);
      },
      (content) => ({ ...content, description: "applied" }),
    );
    await tick();
    h.calls[0]!.answer.resolve(savedAt(5));
    await operation;
    expect(seen).toEqual([5]);
    expect(h.content()).toMatchObject({ name: "typed", description: "applied" });
    // What the operation changed is what the server now holds: nothing left to save.
    expect(h.sync.hasUnsavedEdits()).toBe(false);
  });

  it("do not run when the pending save fails", async () => {
    const h = harness();
    h.edit("typed");
    let ran = false;
    const operation = h.sync.run(async (revision) => {
      ran = true;
      return resultAt(revision + 1);
    });
    await tick();
    h.calls[0]!.answer.reject(new Error("offline"));
    await expect(operation).rejects.toThrow("offline");
    expect(ran).toBe(false);
  });

  it("take a newer revision from elsewhere, never an older one", async () => {
    const h = harness();
    h.sync.adoptRevision(7);
    h.sync.adoptRevision(3);
    h.edit("a");
    void h.sync.save();
    await tick();
    expect(h.calls[0]!.revision).toBe(7);
  });
});
