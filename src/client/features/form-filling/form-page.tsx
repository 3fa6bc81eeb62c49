import { useQuery } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { Language } from "../../../shared/i18n/catalog";
import { LanguageProvider } from "../../lib/i18n";
import { submissionApi, submissionKeys } from "../../lib/submission-api";
import { useStoredLanguage } from "../../lib/use-stored-language";
import { takePageLink } from "./page-data";
import { FormPageFrame } from "./views";

/** What every applicant page's loader gets: the language, kept in this browser, and a way to change it. */
export interface LanguageProps {
  language: Language;
  onLanguageChange: (language: Language) => void;
}

/** An applicant page: the stored language around the page frame and its loader. */
export function FormPage({ Loader }: { Loader: ComponentType<LanguageProps> }) {
  const [language, setLanguage] = useStoredLanguage();
  return (
    <LanguageProvider language={language}>
      <FormPageFrame>
        <Loader language={language} onLanguageChange={setLanguage} />
      </FormPageFrame>
    </LanguageProvider>
  );
}

/**
 * A form link as it is now (never a cached answer: the link may have closed since), but for the copy the
 * server put in this page's HTML, read as the page was sent (page-data.ts).
 */
export function useFormLink(linkId: string) {
  return useQuery({
    queryKey: submissionKeys.link(linkId),
    queryFn: async () => (await takePageLink(linkId)) ?? submissionApi.link(linkId),
    refetchOnWindowFocus: false,
    // A signed-in applicant's new application is answered on the link's page: not replaced under the typing.
    refetchOnReconnect: false,
    retry: false,
  });
}
