import { useCallback, useState } from "react";
import { withMachineFrench } from "../../../shared/forms/french-texts";
import type { FormContent } from "../../../shared/forms/model";
import type { MachineTranslationResult } from "../../../shared/schemas/forms";
import { notify, notifyFailure } from "../../lib/notify";
import { formApi } from "./api";
import { failureText } from "./failure-text";
import type { FormSync } from "./form-sync";

/** What the French texts and the publish dialog need to offer "Translate missing texts". */
export interface MachineTranslation {
  /** The server has a translation provider. */
  available: boolean;
  translating: boolean;
  /** Fills the missing French texts; answers whether it went through. */
  translateMissing(): Promise<boolean>;
}

/**
 * The server's machine-made French added to the builder's content: only for texts still without French
 * there, so French typed while the request ran is kept (the server never overwrote any either).
 */
export function adoptMachineFrench(content: FormContent, result: MachineTranslationResult): FormContent {
  const server = result.form.settings;
  const french = new Map(Object.entries(server.translations));
  const { settings, filled } = withMachineFrench(content.settings, server.machineTranslated ?? [], french);
  return filled === 0 ? content : { ...content, settings };
}

export const translatedText = (count: number) =>
  count === 0
    ? "Every text already has French."
    : `${count} ${count === 1 ? "text" : "texts"} translated by machine: check them in the French texts.`;

/** "Translate missing texts": saves pending edits, then asks the server at the revision it now holds. */
export function useMachineTranslation(
  formId: string,
  sync: FormSync,
  available: boolean,
): MachineTranslation {
  const [translating, setTranslating] = useState(false);
  const translateMissing = useCallback(async () => {
    setTranslating(true);
    let answer: MachineTranslationResult | null = null;
    try {
      await sync.run(
        async (revision) => {
          answer = await formApi.translateMissing(formId, revision);
          return answer;
        },
        (content) => (answer ? adoptMachineFrench(content, answer) : content),
      );
      notify(translatedText((answer as MachineTranslationResult | null)?.translated ?? 0));
      return true;
    } catch (error) {
      notifyFailure("The texts were not translated", failureText(error));
      return false;
    } finally {
      setTranslating(false);
    }
  }, [formId, sync]);
  return { available, translating, translateMissing };
}
