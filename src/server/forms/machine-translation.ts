import {
  MACHINE_TRANSLATION_MESSAGES,
  missingFrench,
  withMachineFrench,
} from "../../shared/forms/french-texts";
import { FORM_MESSAGES } from "../../shared/forms/publish-check";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { translateAll } from "../translation/cache";
import type { TranslationProvider } from "../translation/provider";
import { changeContent, type FormRow, findForm } from "./service";

/**
 * "Translate missing texts": every English text of the form without French gets the machine's French,
 * marked machine-made; French an administrator wrote is never replaced. All or nothing: the provider is
 * asked first (the form untouched, no row locked while it answers), then the French is written in one
 * save at the revision the administrator saw (decision 016: a form changed meanwhile is 409, nothing
 * written). A provider failure throws TranslationFailure before anything is written.
 */
export async function translateMissingFrench(
  db: Db,
  provider: TranslationProvider | null,
  formId: string,
  revision: number,
): Promise<{ translated: number; row: FormRow }> {
  if (provider === null) throw new AppError("CONFLICT", MACHINE_TRANSLATION_MESSAGES.notConfigured);
  const row = await findForm(db, formId);
  // Before paying for a translation of texts the administrator no longer sees.
  if (row.revision !== revision) throw new AppError("STALE_REVISION", FORM_MESSAGES.staleSave);
  const missing = missingFrench(row.content);
  if (missing.length === 0) return { translated: 0, row };
  const french = await translateAll(db, provider, missing, "fr", "en");
  let translated = 0;
  const saved = await changeContent(db, formId, revision, (current) => {
    const { settings, filled } = withMachineFrench(current.settings, missingFrench(current), french);
    translated = filled;
    return { ...current, settings };
  });
  return { translated, row: saved };
}
