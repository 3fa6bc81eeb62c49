import { MemoryRouter } from "react-router";
import {
  FORM_FIRST_SCREEN_MARKERS,
  type FormFirstScreenPage,
  type FormFirstScreenTemplates,
} from "../../shared/first-screen";
import type { FormSettings } from "../../shared/forms/model";
import type { Language } from "../../shared/i18n/catalog";
import type { ApplicantForm } from "../../shared/schemas/submissions";
import { StartCard } from "../features/form-filling/form-link-page";
import { FormColumnFrame, FormHeader } from "../features/form-filling/renderer/form-header";
import { FormColumn, FormPageFrame } from "../features/form-filling/views";
import { LanguageProvider } from "../lib/i18n";
import { staticScreen } from "./signed-in-shell";

/*
 * The applicant form's first screen in static HTML: the page's frame and the top of what the page shows first
 * (a guest's draft: the form's header, its colour band; the link's page: the start card), the place of
 * Français / English, the form's name and who runs it, rendered at build time from the components the page
 * renders, with markers where the form's own text and colour go. The build
 * (`routePreloads` in vite.config.ts) writes the templates to `.vite/form-first-screen.json`; the server
 * fills one in for a guest's draft (src/server/http/form-first-screen.ts). The theme's CSS variables are in
 * index.html's head (`themeVariablesInHead` in vite.config.ts), so the title has the page's size before any
 * script.
 */

/** A form as the header reads it, its text and colour the markers'. */
function markerForm(withLanguageChoice: boolean): ApplicantForm {
  return {
    _id: "first-screen",
    programId: "first-screen",
    name: FORM_FIRST_SCREEN_MARKERS.name,
    description: "",
    sections: [],
    settings: {
      // Not one of the theme's colours: a marker (see FORM_FIRST_SCREEN_MARKERS).
      themeColour: FORM_FIRST_SCREEN_MARKERS.themeColour as FormSettings["themeColour"],
      headerImage: null,
      confirmationMessage: "",
      frenchTranslationEnabled: withLanguageChoice,
      translations: {},
    },
    version: 1,
    allowEdit: true,
    maxFileSizeMB: 1,
    accepting: true,
    closesAt: null,
    organization: { name: FORM_FIRST_SCREEN_MARKERS.organization, contactEmail: null },
  };
}

/** The top of what the page shows first, as the page lays it out. */
function firstScreenOf(page: FormFirstScreenPage, form: ApplicantForm, language: Language) {
  const ignore = () => undefined;
  if (page === "start") {
    return (
      <FormColumn>
        <StartCard form={form} language={language} onLanguageChange={ignore} firstScreen />
      </FormColumn>
    );
  }
  return (
    <FormColumnFrame language={language}>
      <FormHeader
        form={form}
        language={language}
        onLanguageChange={ignore}
        accent={`#${form.settings.themeColour}`}
        editable={false}
        firstScreen
      />
    </FormColumnFrame>
  );
}

function firstScreen(page: FormFirstScreenPage, language: Language, withLanguageChoice: boolean): string {
  const form = markerForm(withLanguageChoice);
  return staticScreen(
    <LanguageProvider language={language}>
      <MemoryRouter>
        <FormPageFrame>{firstScreenOf(page, form, language)}</FormPageFrame>
      </MemoryRouter>
    </LanguageProvider>,
  );
}

/** Every template the server may fill in: by page and language, with or without Français / English. */
export function formFirstScreenTemplates(): FormFirstScreenTemplates {
  const templatesOf = (page: FormFirstScreenPage) => ({
    en: { plain: firstScreen(page, "en", false), withLanguageChoice: firstScreen(page, "en", true) },
    fr: { plain: firstScreen(page, "fr", false), withLanguageChoice: firstScreen(page, "fr", true) },
  });
  return { draft: templatesOf("draft"), start: templatesOf("start") };
}
