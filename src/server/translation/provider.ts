import { MACHINE_TRANSLATION_MESSAGES } from "../../shared/forms/french-texts";

/**
 * Machine translation (forms-and-applicants, "1. What the product does and for whom":
 * "The French text is machine-translated … by a cloud translation service"): one interface, one real provider
 * (Google Cloud Translation, google.ts), results cached in the database (cache.ts). See
 * docs/decisions/022-machine-translation.md.
 */

export type TargetLanguage = "fr" | "en";

export interface TranslationProvider {
  /** Names the provider and its edition in the cache's key: another provider's text is not reused. */
  readonly id: string;
  /** The most texts, and characters in all, one call may carry (the provider's documented limits). */
  readonly batch: { texts: number; characters: number };
  /**
   * Plain texts from `source` (the provider detects it when not given) into `target`, in order: as many
   * answers as texts, or a TranslationFailure. The texts are sent as plain text, so markup in them is
   * text to translate, never structure.
   */
  translate(texts: readonly string[], target: TargetLanguage, source?: TargetLanguage): Promise<string[]>;
}

export type TranslationFailureKind = "quota" | "timeout" | "unavailable";

export class TranslationFailure extends Error {
  constructor(
    readonly kind: TranslationFailureKind,
    /** The provider's own status, for the log (never its message: it may quote the request). */
    readonly status: string | number | undefined = undefined,
  ) {
    super(MACHINE_TRANSLATION_MESSAGES[kind]);
    this.name = "TranslationFailure";
  }
}
