import { FORM_PAGE_DATA_ID } from "../../../shared/schemas/submission-constants";
import type { FormAddressResult, FormLinkResult, FormPageData } from "../../../shared/schemas/submissions";
import { lazySchema } from "../../lib/lazy-schema";

/**
 * The public data the server put in this page's HTML (`src/server/http/form-page-data.ts`): the form link, or
 * the stable address and its link, as their routes answered them when the page was sent. The page's first read
 * of each is answered from it instead of a request; every later read asks the server, as before
 * (docs/decisions/044-form-data-in-its-page.md). It is checked with the same shared schema as the routes'
 * answers, loaded when the page first reads it (not before the first paint: decision 043).
 */
const pageDataSchema = lazySchema(() =>
  import("../../../shared/schemas/submissions").then((m) => m.formPageDataSchema),
);

let pageData: Promise<FormPageData | null> | undefined;

/** Read once from the document, then the element is gone (nothing else reads it; a bad copy is ignored). */
function readPageData(): Promise<FormPageData | null> {
  if (pageData !== undefined) return pageData;
  const element = typeof document === "undefined" ? null : document.getElementById(FORM_PAGE_DATA_ID);
  element?.remove();
  const text = element?.textContent ?? null;
  pageData =
    text === null
      ? Promise.resolve(null)
      : pageDataSchema.load().then(
          (schema) => {
            try {
              const parsed = schema.safeParse(JSON.parse(text));
              return parsed.success ? parsed.data : null;
            } catch {
              // Not JSON: the page asks the server.
              return null;
            }
          },
          // The schema's chunk did not come: the page asks the server, which checks its answer the same way.
          () => null,
        );
  return pageData;
}

/** The page's copy of the link `linkId`, handed out once (a later read of the link asks the server). */
export async function takePageLink(linkId: string): Promise<FormLinkResult | undefined> {
  const data = await readPageData();
  if (data?.link?.linkId !== linkId) return undefined;
  const { view } = data.link;
  data.link = undefined;
  return view;
}

/** The page's copy of the stable address `/apply/{organization}/{form}`, handed out once. */
export async function takePageAddress(
  organization: string,
  form: string,
): Promise<FormAddressResult | undefined> {
  const data = await readPageData();
  const address = data?.address;
  if (!address || address.organization !== organization || address.form !== form) return undefined;
  data.address = undefined;
  return address.result;
}

/** For tests: forget what was read, so the next read looks at the document again. */
export function resetPageDataForTests() {
  pageData = undefined;
}
