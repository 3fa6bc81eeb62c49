import { describe, expect, it } from "vitest";
import type { Answer } from "../../../shared/forms/answers";
import type { SaveAnswersResult } from "../../../shared/schemas/submissions";
import { Autosave, type AutosaveStatus, classifySaveError, SaveBlockedError } from "./autosave";
import type { LocalCopy } from "./local-copy";
import { FakeClock, settle } from "./test/fake-clock";

interface Call {
  revision: number;
  answers: Answer[];
  resolve: (result: SaveAnswersResult) => void;
  reject: (error: unknown) => void;
}

const answer = (questionId: string, text: string): Answer => ({
  questionId,
  sectionId: "s1",
  type: "SHORT_ANSWER",
  answerString: text,
  answerArray: [],
  answerMatrix: [],
});

const saved = (revision: number): SaveAnswersResult => ({
  revision,
  lastSaveDate: `2030-01-01T00:00:0${revision}.000Z`,
  identifier: "",
});

function setup(options: { revision?: number } = {}) {
  const clock = new FakeClock();
  const calls: Call[] = [];
  const statuses: AutosaveStatus[] = [];
  const log: string[] = [];
  const copy: { value: LocalCopy | null } = { value: null };
  const autosave = new Autosave({
    revision: options.revision ?? 1,
    answers: [],
    lastSavedAt: null,
    clock,
    transport: (revision, answers) => {
      log.push(`send r${revision}`);
      return new Promise((resolve, reject) => calls.push({ revision, answers, resolve, reject }));
    },
    localCopy: {
      write: (value) => {
        log.push(`copy r${value.baseRevision}`);
        copy.value = value;
      },
      clear: () => {
        log.push("clear");
        copy.value = null;
      },
    },
    onStatus: (status) => statuses.push(status),
  });
  const phase = () => autosave.status.phase;
  return { clock, calls, statuses, log, copy, autosave, phase };
}

const networkError = () => new TypeError("Failed to fetch");

describe("autosave", () => {
  it("waits for a pause in typing and sends the newest answers once", async () => {
    const { clock, calls, autosave, phase } = setup();
    autosave.change([answer("q1", "H")]);
    await clock.advance(300);
    autosave.change([answer("q1", "He")]);
    await clock.advance(300);
    autosave.change([answer("q1", "Hello")]);
    expect(phase()).toBe("pending");
    await clock.advance(799);
    expect(calls).toHaveLength(0);
    await clock.advance(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.revision).toBe(1);
    expect(calls[0]?.answers).toEqual([answer("q1", "Hello")]);
    expect(phase()).toBe("saving");
    calls[0]?.resolve(saved(2));
    await settle();
    expect(autosave.status).toMatchObject({ phase: "saved", dirty: false, revision: 2 });
  });

  it("sends now on Save, without waiting for the pause", async () => {
    const { calls, autosave } = setup();
    autosave.change([answer("q1", "Hi")]);
    autosave.saveNow();
    expect(calls).toHaveLength(1);
  });

  it("keeps one request in flight and sends what changed meanwhile after it, on the new revision", async () => {
    const { clock, calls, autosave } = setup();
    autosave.change([answer("q1", "one")]);
    await clock.advance(800);
    expect(calls).toHaveLength(1);
    autosave.change([answer("q1", "one two")]);
    await clock.advance(800);
    autosave.saveNow();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(saved(2));
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.revision).toBe(2);
    expect(calls[1]?.answers).toEqual([answer("q1", "one two")]);
    expect(autosave.status.phase).toBe("saving");
    calls[1]?.resolve(saved(3));
    await settle();
    expect(autosave.status).toMatchObject({ phase: "saved", revision: 3, dirty: false });
  });

  it("a change during a request still waits for its pause when nothing asked to hurry", async () => {
    const { clock, calls, autosave } = setup();
    autosave.change([answer("q1", "one")]);
    await clock.advance(800);
    autosave.change([answer("q1", "one two")]);
    calls[0]?.resolve(saved(2));
    await settle();
    expect(calls).toHaveLength(1);
    await clock.advance(800);
    expect(calls).toHaveLength(2);
  });

  it("writes the browser's copy before the request and clears it once the server has those answers", async () => {
    const { clock, calls, log, copy, autosave } = setup();
    autosave.change([answer("q1", "draft")]);
    await clock.advance(300);
    expect(copy.value).toMatchObject({ baseRevision: 1, answers: [answer("q1", "draft")] });
    await clock.advance(500);
    expect(log).toEqual(["copy r1", "send r1"]);
    calls[0]?.resolve(saved(2));
    await settle();
    expect(copy.value).toBeNull();
    expect(log.at(-1)).toBe("clear");
  });

  it("writes the copy after a pause in typing, not on every key, and at most a second apart", async () => {
    const { clock, log, copy, autosave } = setup();
    const typed = "Hello there";
    for (let i = 1; i <= typed.length; i++) {
      autosave.change([answer("q1", typed.slice(0, i))]);
      await clock.advance(100);
    }
    // Eleven keys 100 ms apart (1.1 s): one write when the copy had waited a second, none per key.
    expect(log.filter((line) => line.startsWith("copy"))).toHaveLength(1);
    expect(copy.value?.answers).toEqual([answer("q1", "Hello there".slice(0, 10))]);
    await clock.advance(200);
    expect(log.filter((line) => line.startsWith("copy"))).toHaveLength(2);
    expect(copy.value?.answers).toEqual([answer("q1", typed)]);
    // Nothing new: nothing written again.
    await clock.advance(5000);
    expect(log.filter((line) => line.startsWith("copy"))).toHaveLength(2);
  });

  it("writes a waiting copy at once when asked (blur, hidden page), before a request and when disposed", async () => {
    const { calls, log, copy, autosave } = setup();
    autosave.change([answer("q1", "a")]);
    expect(copy.value).toBeNull();
    autosave.keepCopyNow();
    expect(copy.value?.answers).toEqual([answer("q1", "a")]);
    autosave.keepCopyNow();
    expect(log).toEqual(["copy r1"]);

    autosave.change([answer("q1", "ab")]);
    autosave.saveNow();
    expect(log).toEqual(["copy r1", "copy r1", "send r1"]);
    expect(calls[0]?.answers).toEqual([answer("q1", "ab")]);

    autosave.change([answer("q1", "abc")]);
    autosave.dispose();
    expect(copy.value?.answers).toEqual([answer("q1", "abc")]);
  });

  it("drops a waiting copy once the server has those answers", async () => {
    const { clock, calls, log, copy, autosave } = setup();
    autosave.change([answer("q1", "a")]);
    autosave.saveNow();
    calls[0]?.resolve(saved(2));
    await settle();
    await clock.advance(2000);
    expect(copy.value).toBeNull();
    expect(log).toEqual(["copy r1", "send r1", "clear"]);
  });

  it("keeps the copy, rebased on the new revision, when answers changed during the request", async () => {
    const { clock, calls, copy, autosave } = setup();
    autosave.change([answer("q1", "a")]);
    await clock.advance(800);
    autosave.change([answer("q1", "ab")]);
    calls[0]?.resolve(saved(2));
    await settle();
    expect(copy.value).toMatchObject({ baseRevision: 2, answers: [answer("q1", "ab")] });
  });

  it("retries a failed save with backoff (1 s, 2 s, 5 s, 10 s, 10 s…) with the newest answers", async () => {
    const { clock, calls, autosave, copy } = setup();
    autosave.change([answer("q1", "x")]);
    await clock.advance(800);
    calls[0]?.reject(networkError());
    await settle();
    expect(autosave.status.phase).toBe("offline");
    expect(copy.value).not.toBeNull();

    const expectRetryAfter = async (ms: number, count: number) => {
      await clock.advance(ms - 1);
      expect(calls).toHaveLength(count - 1);
      await clock.advance(1);
      expect(calls).toHaveLength(count);
    };
    await expectRetryAfter(1000, 2);
    calls[1]?.reject({ status: 503, code: "UNAVAILABLE", message: "down" });
    await settle();
    autosave.change([answer("q1", "xy")]);
    await expectRetryAfter(2000, 3);
    expect(calls[2]?.answers).toEqual([answer("q1", "xy")]);
    calls[2]?.reject(networkError());
    await settle();
    await expectRetryAfter(5000, 4);
    calls[3]?.reject(networkError());
    await settle();
    await expectRetryAfter(10_000, 5);
    calls[4]?.reject(networkError());
    await settle();
    await expectRetryAfter(10_000, 6);
    expect(autosave.status.phase).toBe("offline");
    calls[5]?.resolve(saved(2));
    await settle();
    expect(autosave.status).toMatchObject({ phase: "saved", revision: 2 });
    expect(copy.value).toBeNull();
  });

  it("retries at once when the browser is back online", async () => {
    const { clock, calls, autosave } = setup();
    autosave.change([answer("q1", "x")]);
    await clock.advance(800);
    calls[0]?.reject(networkError());
    await settle();
    autosave.online();
    expect(calls).toHaveLength(2);
  });

  it("stops saving for good after a stale revision, and says so", async () => {
    const { clock, calls, autosave, copy } = setup();
    autosave.change([answer("q1", "mine")]);
    await clock.advance(800);
    calls[0]?.reject({ status: 409, code: "STALE_REVISION", message: "stale" });
    await settle();
    expect(autosave.status).toMatchObject({ phase: "stale", dirty: true });
    autosave.change([answer("q1", "mine, more")]);
    autosave.saveNow();
    autosave.online();
    await clock.advance(60_000);
    expect(calls).toHaveLength(1);
    // Still kept in the browser: never lost, never sent over the newer answers.
    expect(copy.value?.answers).toEqual([answer("q1", "mine, more")]);
    await expect(autosave.flush()).rejects.toBeInstanceOf(SaveBlockedError);
  });

  it("stops saving when the form closed or the application was submitted elsewhere", async () => {
    for (const [code, phase] of [
      ["FORM_CLOSED", "closed"],
      ["SUBMITTED", "submitted"],
    ] as const) {
      const { clock, calls, autosave } = setup();
      autosave.change([answer("q1", "x")]);
      await clock.advance(800);
      calls[0]?.reject({ status: 409, code, message: "" });
      await settle();
      expect(autosave.status.phase).toBe(phase);
      autosave.change([answer("q1", "xy")]);
      await clock.advance(5000);
      expect(calls).toHaveLength(1);
    }
  });

  it("pauses after 401 (answers kept in the browser) and sends them once resumed", async () => {
    const { clock, calls, autosave, copy } = setup();
    autosave.change([answer("q1", "typed")]);
    await clock.advance(800);
    calls[0]?.reject({ status: 401, code: "UNAUTHENTICATED", message: "" });
    await settle();
    expect(autosave.status.phase).toBe("unauthorized");
    autosave.change([answer("q1", "typed more")]);
    autosave.keepCopyNow();
    expect(copy.value?.answers).toEqual([answer("q1", "typed more")]);
    await clock.advance(60_000);
    autosave.saveNow();
    expect(calls).toHaveLength(1);
    autosave.resume();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.answers).toEqual([answer("q1", "typed more")]);
    calls[1]?.resolve(saved(2));
    await settle();
    expect(autosave.status.phase).toBe("saved");
    expect(copy.value).toBeNull();
  });

  it("does not retry a refused save (400) until the next change", async () => {
    const { clock, calls, autosave } = setup();
    autosave.change([answer("q1", "x")]);
    await clock.advance(800);
    calls[0]?.reject({ status: 400, code: "VALIDATION", message: "bad" });
    await settle();
    expect(autosave.status.phase).toBe("rejected");
    await clock.advance(60_000);
    expect(calls).toHaveLength(1);
    autosave.change([answer("q1", "xy")]);
    await clock.advance(800);
    expect(calls).toHaveLength(2);
  });

  it("flush resolves once everything is acknowledged, and rejects when the save fails", async () => {
    const { calls, autosave } = setup();
    await expect(autosave.flush()).resolves.toBeUndefined();
    autosave.change([answer("q1", "x")]);
    let done = false;
    const flushed = autosave.flush().then(() => {
      done = true;
    });
    expect(calls).toHaveLength(1);
    await settle();
    expect(done).toBe(false);
    calls[0]?.resolve(saved(2));
    await flushed;
    expect(done).toBe(true);

    autosave.change([answer("q1", "xy")]);
    const failing = autosave.flush();
    calls[1]?.reject(networkError());
    await expect(failing).rejects.toBeInstanceOf(SaveBlockedError);
    // …and the retry still happens.
    expect(autosave.status.phase).toBe("offline");
  });

  it("flush sends a change typed during the request right after it", async () => {
    const { clock, calls, autosave } = setup();
    autosave.change([answer("q1", "x")]);
    await clock.advance(800);
    autosave.change([answer("q1", "xy")]);
    const flushed = autosave.flush();
    calls[0]?.resolve(saved(2));
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(saved(3));
    await flushed;
    expect(autosave.status).toMatchObject({ revision: 3, dirty: false });
  });

  it("adopts file answers without a save and uses a new revision from elsewhere", async () => {
    const { calls, autosave } = setup();
    autosave.adopt([answer("q1", "file")]);
    expect(autosave.status.dirty).toBe(false);
    autosave.setRevision(5);
    autosave.change([answer("q1", "x")]);
    autosave.saveNow();
    expect(calls[0]?.revision).toBe(5);
  });

  it("reports each status once, in order", async () => {
    const { clock, calls, autosave, statuses } = setup();
    autosave.change([answer("q1", "x")]);
    await clock.advance(800);
    calls[0]?.resolve(saved(2));
    await settle();
    expect(statuses.map((s) => s.phase)).toEqual(["pending", "saving", "saved"]);
  });

  it("sets no timer after it is disposed, but still clears the copy on a late acknowledgement", async () => {
    const { clock, calls, autosave, copy } = setup();
    autosave.change([answer("q1", "x")]);
    autosave.saveNow();
    autosave.dispose();
    calls[0]?.resolve(saved(2));
    await settle();
    expect(copy.value).toBeNull();
    autosave.change([answer("q1", "xy")]);
    await clock.advance(5000);
    expect(calls).toHaveLength(1);
  });
});

describe("classifySaveError", () => {
  it("tells network failures, server failures, expired sessions and refusals apart", () => {
    expect(classifySaveError(new TypeError("Failed to fetch"))).toBe("offline");
    expect(classifySaveError({ status: 500, code: "INTERNAL" })).toBe("offline");
    expect(classifySaveError({ status: 502, code: "INVALID_RESPONSE" })).toBe("offline");
    expect(classifySaveError({ status: 429, code: "RATE_LIMITED" })).toBe("offline");
    expect(classifySaveError({ status: 401, code: "UNAUTHENTICATED" })).toBe("unauthorized");
    expect(classifySaveError({ status: 409, code: "STALE_REVISION" })).toBe("stale");
    expect(classifySaveError({ status: 409, code: "FORM_CLOSED" })).toBe("closed");
    expect(classifySaveError({ status: 409, code: "SUBMITTED" })).toBe("submitted");
    expect(classifySaveError({ status: 409, code: "CONFLICT" })).toBe("rejected");
    expect(classifySaveError({ status: 400, code: "VALIDATION" })).toBe("rejected");
  });
});
