import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../../shared/forms/answers";
import type { KeyValueStorage } from "../../lib/browser-storage";
import { createGuestStore } from "./guest-store";
import {
  createLocalCopyStore,
  hasAnyAnswer,
  type LocalCopy,
  localCopySchema,
  reconcile,
  sameAnswers,
} from "./local-copy";
import { textAnswer as text } from "./test/answers";

// The store reads copies once their schema has loaded (the editor waits for it the same way).
beforeAll(() => localCopySchema.load());

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

const files = (questionId: string, ids: string[]): Answer => ({
  questionId,
  sectionId: "s1",
  type: "FILE_UPLOAD",
  answerString: "",
  answerArray: ids,
  answerMatrix: [],
});
const copyOf = (baseRevision: number, answers: Answer[]): LocalCopy => ({
  baseRevision,
  answers,
  changedAt: "2030-01-01T00:00:00.000Z",
});

describe("local copy store", () => {
  it("writes, reads and clears the copy under dh:answers:{submissionId}", () => {
    const storage = memoryStorage();
    const store = createLocalCopyStore(storage);
    const copy = copyOf(3, [text("q1", "Bonjour")]);
    expect(store.write("sub-1", copy)).toBe(true);
    expect([...storage.data.keys()]).toEqual(["dh:answers:sub-1"]);
    expect(store.read("sub-1")).toEqual(copy);
    expect(store.read("sub-2")).toBeNull();
    store.clear("sub-1");
    expect(store.read("sub-1")).toBeNull();
  });

  it("ignores a damaged or foreign copy", () => {
    const storage = memoryStorage();
    const store = createLocalCopyStore(storage);
    storage.setItem("dh:answers:a", "{not json");
    storage.setItem("dh:answers:b", JSON.stringify({ baseRevision: "x", answers: [] }));
    expect(store.read("a")).toBeNull();
    expect(store.read("b")).toBeNull();
  });

  it("survives a browser that refuses storage", () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const store = createLocalCopyStore(refusing);
    expect(store.write("s", copyOf(1, []))).toBe(false);
    expect(store.read("s")).toBeNull();
    expect(() => store.clear("s")).not.toThrow();
    expect(createLocalCopyStore(null).read("s")).toBeNull();
  });
});

describe("sameAnswers", () => {
  it("ignores order, empty answers and file answers", () => {
    const a = [text("q1", "x"), text("q2", "y"), text("q3", ""), files("f", ["1"])];
    const b = [text("q2", "y"), text("q1", "x"), files("f", [])];
    expect(sameAnswers(a, b)).toBe(true);
    expect(sameAnswers(a, [text("q1", "x")])).toBe(false);
    expect(sameAnswers([text("q1", "x")], [text("q1", "X")])).toBe(false);
  });

  it("compares table rows cell by cell, a missing cell being empty", () => {
    const table = (cell?: string): Answer => ({
      ...text("t", ""),
      type: "SIMPLE_TABLE",
      answerMatrix: [{ id: "r1", column_0: cell }],
    });
    expect(sameAnswers([table("")], [table(undefined)])).toBe(true);
    expect(sameAnswers([table("a")], [table("b")])).toBe(false);
  });
});

describe("hasAnyAnswer", () => {
  it("is true when any answer says something, files included", () => {
    expect(hasAnyAnswer([])).toBe(false);
    expect(hasAnyAnswer([text("q1", "  ")])).toBe(false);
    expect(hasAnyAnswer([files("f", ["1"])])).toBe(true);
    expect(hasAnyAnswer([text("q1", "x")])).toBe(true);
  });
});

describe("reconcile", () => {
  const server = { revision: 4, answers: [text("q1", "saved"), files("f", ["file-1"])] };

  it("uses the server's answers when there is no copy", () => {
    expect(reconcile(null, server)).toEqual({ kind: "none" });
  });

  it("drops a copy that says what the server says, whatever its revision", () => {
    expect(reconcile(copyOf(4, [text("q1", "saved")]), server)).toEqual({ kind: "discard" });
    expect(reconcile(copyOf(2, [text("q1", "saved")]), server)).toEqual({ kind: "discard" });
  });

  it("applies a copy typed on the server's revision (crash or refresh), keeping the server's files", () => {
    expect(reconcile(copyOf(4, [text("q1", "saved and more"), files("f", [])]), server)).toEqual({
      kind: "apply",
      answers: [text("q1", "saved and more"), files("f", ["file-1"])],
    });
  });

  it("reports a conflict when the server moved on and says something else", () => {
    expect(reconcile(copyOf(3, [text("q1", "older tab")]), server)).toEqual({
      kind: "conflict",
      answers: [text("q1", "older tab"), files("f", ["file-1"])],
    });
  });
});

describe("guest store", () => {
  it("keeps a guest draft's token and the link that leads back to it", () => {
    const storage = memoryStorage();
    const store = createGuestStore(storage);
    store.remember("link-1", "sub-1", "secret");
    expect(storage.data.get("dh:guest:sub-1")).toBe("secret");
    expect(storage.data.get("dh:link:link-1")).toBe("sub-1");
    expect(store.token("sub-1")).toBe("secret");
    expect(store.submissionForLink("link-1")).toBe("sub-1");
    store.forgetToken("sub-1");
    expect(store.token("sub-1")).toBeNull();
    expect(store.submissionForLink("link-1")).toBe("sub-1");
  });

  it("forgets the link only when it still leads to that draft", () => {
    const storage = memoryStorage();
    const store = createGuestStore(storage);
    store.remember("link-1", "sub-1", "a");
    store.remember("link-1", "sub-2", "b");
    store.forget("link-1", "sub-1");
    expect(store.submissionForLink("link-1")).toBe("sub-2");
    store.forget("link-1", "sub-2");
    expect(store.submissionForLink("link-1")).toBeNull();
    expect(store.token("sub-2")).toBeNull();
  });
});
