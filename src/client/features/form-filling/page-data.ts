import type { Query } from "@tanstack/react-query";
import {
  FORM_PAGE_DATA_ID,
  type FormAddressResult,
  type FormLinkResult,
  type FormPageData,
  formPageDataSchema,
} from "../../../shared/schemas/submissions";

/**
 * The public data the server put in this page's HTML (`src/server/http/form-page-data.ts`): the form link, or
 * the stable address and its link, as their routes answered them when the page was sent. The page's first read
 * of each is answered from it instead of a request; every later read asks the server, as before
 * (docs/decisions/044-form-data-in-its-page.md).
 */

/** How long the page's copy counts as fresh: a read the page would have made at once, a moment earlier. */
export const PAGE_DATA_FRESH_MS = 30_000;

let pageData: FormPageData | null | undefined;

/** Read once from the document, then the element is gone (nothing else reads it; a bad copy is ignored). */
function readPageData(): FormPageData | null {
  if (pageData !== undefined) return pageData;
  pageData = null;
  if (typeof document === "undefined") return null;
  const element = document.getElementById(FORM_PAGE_DATA_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed = formPageDataSchema.safeParse(JSON.parse(element.textContent ?? ""));
    if (parsed.success) pageData = parsed.data;
  } catch {
    // Not JSON: the page asks the server.
  }
  return pageData;
}

/** The page's copy of the link `linkId`, handed out once (a later read of the link asks the server). */
export function takePageLink(linkId: string): FormLinkResult | undefined {
  const data = readPageData();
  if (data?.link?.linkId !== linkId) return undefined;
  const { view } = data.link;
  data.link = undefined;
  return view;
}

/** The page's copy of the stable address `/apply/{organization}/{form}`, handed out once. */
export function takePageAddress(organization: string, form: string): FormAddressResult | undefined {
  const data = readPageData();
  const address = data?.address;
  if (!address || address.organization !== organization || address.form !== form) return undefined;
  data.address = undefined;
  return address.result;
}

/**
 * A query's options for data the page may carry: its copy as the initial data, fresh for PAGE_DATA_FRESH_MS
 * from the navigation (so the page does not ask again at once); data the query fetched itself stays fresh
 * for `staleTime` as before.
 */
export function fromPageData<T>(take: () => T | undefined, staleTime: number) {
  return {
    initialData: take,
    initialDataUpdatedAt: () => performance.timeOrigin,
    staleTime: (query: Query<T, Error, T, readonly unknown[]>) =>
      query.state.dataUpdateCount === 0 && query.state.data !== undefined ? PAGE_DATA_FRESH_MS : staleTime,
  };
}

/** For tests: forget what was read, so the next read looks at the document again. */
export function resetPageDataForTests() {
  pageData = undefined;
}
