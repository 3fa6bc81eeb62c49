/**
 * The applicant form's first screen in static HTML (docs/decisions/047-form-first-screen.md): templates
 * rendered at build time from the form's own header (src/client/first-paint/form-first-screen.tsx), with
 * these markers where the server puts the form's text and colour (src/server/http/form-first-screen.ts).
 */
export const FORM_FIRST_SCREEN_MARKERS = {
  name: "__DH_FORM_NAME__",
  organization: "__DH_FORM_ORGANIZATION__",
  /** A colour no theme colour is, so that replacing it touches the header's band alone. */
  themeColour: "0ff1ce",
} as const;

/**
 * Which page: a guest's draft (`/form/{linkId}/{submissionId}`, the form's header) or the link's own page
 * (`/form/{linkId}`, the start card with "How would you like to continue?").
 */
export type FormFirstScreenPage = "draft" | "start";

/** The templates by page and language: without Français / English, and with them. */
export type FormFirstScreenTemplates = Record<
  FormFirstScreenPage,
  Record<"en" | "fr", { plain: string; withLanguageChoice: string }>
>;

/** Where the build writes them, under the client's build folder. */
export const FORM_FIRST_SCREEN_FILE = ".vite/form-first-screen.json";
