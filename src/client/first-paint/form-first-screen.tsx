import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { FORM_FIRST_SCREEN_MARKERS, type FormFirstScreenTemplates } from "../../shared/first-screen";
import type { FormSettings } from "../../shared/forms/model";
import type { Language } from "../../shared/i18n/catalog";
import type { ApplicantForm } from "../../shared/schemas/submissions";
import { theme } from "../app/theme";
import { FormColumnFrame, FormHeader } from "../features/form-filling/renderer/form-header";
import { FormPageFrame } from "../features/form-filling/views";
import { LanguageProvider } from "../lib/i18n";
import { themeVariables } from "./signed-in-shell";

/*
 * The applicant form's first screen in static HTML: the page's frame and the top of the form's header (the
 * colour band, the place of Français / English, the form's name, who runs it), rendered at build time from
 * the components the form renders, with markers where the form's own text and colour go. The build
 * (`routePreloads` in vite.config.ts) writes the templates to `.vite/form-first-screen.json`; the server
 * fills one in for a guest's draft (src/server/http/form-first-screen.ts). The theme's CSS variables come
 * with it, as with the signed-in first screen, so that the title has the page's size before any script.
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

function firstScreen(language: Language, withLanguageChoice: boolean): string {
  const form = markerForm(withLanguageChoice);
  return (
    themeVariables() +
    renderToStaticMarkup(
      <MantineProvider
        theme={theme}
        forceColorScheme="light"
        withCssVariables={false}
        withGlobalClasses={false}
      >
        <LanguageProvider language={language}>
          <FormPageFrame>
            <FormColumnFrame language={language}>
              <FormHeader
                form={form}
                language={language}
                onLanguageChange={() => undefined}
                accent={`#${form.settings.themeColour}`}
                editable={false}
                firstScreen
              />
            </FormColumnFrame>
          </FormPageFrame>
        </LanguageProvider>
      </MantineProvider>,
    )
  );
}

/** Every template the server may fill in: by the page's language, with or without Français / English. */
export function formFirstScreenTemplates(): FormFirstScreenTemplates {
  return {
    en: { plain: firstScreen("en", false), withLanguageChoice: firstScreen("en", true) },
    fr: { plain: firstScreen("fr", false), withLanguageChoice: firstScreen("fr", true) },
  };
}
