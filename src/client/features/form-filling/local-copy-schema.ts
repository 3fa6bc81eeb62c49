import { z } from "zod";
import { answersSchema } from "../../../shared/forms/answers";
import type { LocalCopy } from "./local-copy";

/** What a kept copy must look like to be used: its answers by the shared answer schema. */
export const localCopySchema: z.ZodType<LocalCopy> = z.object({
  baseRevision: z.number().int().min(0),
  answers: answersSchema,
  changedAt: z.string(),
});
