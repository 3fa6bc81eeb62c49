import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { translationCache } from "../db/schema";
import type { TargetLanguage, TranslationProvider } from "./provider";

const hashOf = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** How many keys one cache lookup names (well under PostgreSQL's bind-parameter limit). */
const LOOKUP_CHUNK = 1000;

/**
 * The translation of every distinct text: from the cache when it has one (shared by every instance and
 * every form), otherwise from the provider in as few calls as its batch limits allow. Each batch's answers
 * are cached as soon as they arrive, so a failure half-way (a quota running out) loses nothing already
 * paid for; the failure itself is thrown and the caller changes nothing.
 */
export async function translateAll(
  db: Db,
  provider: TranslationProvider,
  texts: readonly string[],
  target: TargetLanguage,
  source?: TargetLanguage,
): Promise<Map<string, string>> {
  const byHash = new Map([...new Set(texts)].map((text) => [hashOf(text), text]));
  const result = new Map<string, string>();
  const hashes = [...byHash.keys()];
  for (let i = 0; i < hashes.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({ hash: translationCache.sourceHash, text: translationCache.translatedText })
      .from(translationCache)
      .where(
        and(
          eq(translationCache.provider, provider.id),
          eq(translationCache.targetLanguage, target),
          inArray(translationCache.sourceHash, hashes.slice(i, i + LOOKUP_CHUNK)),
        ),
      );
    for (const row of rows) result.set(byHash.get(row.hash)!, row.text);
  }
  const missing = [...byHash.values()].filter((text) => !result.has(text));
  for (const batch of batches(missing, provider.batch)) {
    const translated = await provider.translate(batch, target, source);
    await db
      .insert(translationCache)
      .values(
        batch.map((text, j) => ({
          sourceHash: hashOf(text),
          targetLanguage: target,
          provider: provider.id,
          translatedText: translated[j]!,
        })),
      )
      .onConflictDoNothing();
    for (const [j, text] of batch.entries()) result.set(text, translated[j]!);
  }
  return result;
}

/** The texts in order, cut where a batch would pass the provider's count or character limit. */
export function batches(texts: readonly string[], limit: TranslationProvider["batch"]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let characters = 0;
  for (const text of texts) {
    if (
      current.length > 0 &&
      (current.length >= limit.texts || characters + text.length > limit.characters)
    ) {
      out.push(current);
      current = [];
      characters = 0;
    }
    current.push(text);
    characters += text.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}
