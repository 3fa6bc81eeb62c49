import { afterEach, describe, expect, it } from "vitest";
import { FORM_PAGE_DATA_ID } from "../../../shared/schemas/submission-constants";
import type { FormLinkResult } from "../../../shared/schemas/submissions";
import { resetPageDataForTests, takePageAddress, takePageLink } from "./page-data";

const view: FormLinkResult = {
  kind: "submission",
  link: { _id: "link-1", open: "2026-01-01T00:00:00.000Z", close: null },
  availability: "closed",
  form: null,
  organization: { name: "Harbour Trust", contactEmail: null },
};
const addressResult = { linkId: "link-1", organization: { name: "Harbour Trust", contactEmail: null } };

/** A document holding `text` as the page's data block (client tests run without a DOM). */
function pageWith(text: string | null) {
  const removed: string[] = [];
  const element = { textContent: text, remove: () => removed.push(FORM_PAGE_DATA_ID) };
  (globalThis as { document?: unknown }).document = {
    getElementById: (id: string) => (id === FORM_PAGE_DATA_ID && text !== null ? element : null),
  };
  resetPageDataForTests();
  return removed;
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
  resetPageDataForTests();
});

describe("the data the server put in the page", () => {
  it("answers the page's first read of its link and address, once; then the element is gone", async () => {
    const removed = pageWith(
      JSON.stringify({
        link: { linkId: "link-1", view },
        address: { organization: "harbour", form: "grants", result: addressResult },
      }),
    );
    expect(await takePageLink("another-link")).toBeUndefined();
    expect(await takePageLink("link-1")).toEqual(view);
    expect(await takePageLink("link-1")).toBeUndefined();
    expect(await takePageAddress("harbour", "other")).toBeUndefined();
    expect(await takePageAddress("harbour", "grants")).toEqual(addressResult);
    expect(await takePageAddress("harbour", "grants")).toBeUndefined();
    expect(removed).toEqual([FORM_PAGE_DATA_ID]);
  });

  it("is nothing when the page has none or it is not what the server sends", async () => {
    pageWith(null);
    expect(await takePageLink("link-1")).toBeUndefined();
    pageWith("{not json");
    expect(await takePageLink("link-1")).toBeUndefined();
    pageWith(JSON.stringify({ link: { linkId: "link-1", view: { kind: "other" } } }));
    expect(await takePageLink("link-1")).toBeUndefined();
  });
});
