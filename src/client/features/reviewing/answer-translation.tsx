import { Button, Group, Stack, Text } from "@mantine/core";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { apiPath, apiSend } from "../../lib/api-client";
import { lazySchemasOf } from "../../lib/lazy-schema";

// Loaded with the first translation (docs/decisions/043-zod-off-the-first-paint.md).
const reviews = lazySchemasOf(() => import("../../../shared/schemas/reviews"));

type Target = "en" | "fr";

/** How the answers of one candidate are translated; null when the server has no translation provider. */
const AnswerTranslation = createContext<((questionId: string, target: Target) => Promise<string>) | null>(
  null,
);

/**
 * Makes "Translate" available beside the written answers of one candidate (beyond the spec, for bilingual
 * committees; decision 022): the server translates the answer as this person sees it, never an anonymized
 * one.
 */
export function AnswerTranslationProvider({
  programId,
  submissionId,
  available,
  children,
}: {
  programId: string;
  submissionId: string;
  available: boolean;
  children: ReactNode;
}) {
  const translate = useMemo(
    () =>
      available
        ? async (questionId: string, target: Target) =>
            (
              await apiSend(
                "POST",
                apiPath`/api/applications/${programId}/${submissionId}/answers/${questionId}/translation`,
                { target },
                reviews("answerTranslationResultSchema"),
              )
            ).text
        : null,
    [available, programId, submissionId],
  );
  return <AnswerTranslation.Provider value={translate}>{children}</AnswerTranslation.Provider>;
}

const TARGETS: { target: Target; button: string; label: string; lang: string }[] = [
  { target: "en", button: "Translate to English", label: "Machine translation (English)", lang: "en" },
  { target: "fr", button: "Traduire en français", label: "Traduction automatique (français)", lang: "fr" },
];

/** A written answer, with its machine translation shown below the original on request. */
export function TranslatableAnswer({ questionId, children }: { questionId: string; children: ReactNode }) {
  const translate = useContext(AnswerTranslation);
  const [state, setState] = useState<
    | { kind: "idle" }
    | { kind: "loading"; target: Target }
    | { kind: "done"; target: Target; text: string }
    | { kind: "failed"; message: string }
  >({ kind: "idle" });
  if (translate === null) return children;
  const run = async (target: Target) => {
    setState({ kind: "loading", target });
    try {
      setState({ kind: "done", target, text: await translate(questionId, target) });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  };
  const shown = state.kind === "done" ? TARGETS.find((t) => t.target === state.target)! : null;
  return (
    <Stack gap={4} align="stretch">
      {children}
      <Group gap="xs">
        {TARGETS.map(({ target, button, lang }) => (
          <Button
            key={target}
            size="compact-xs"
            variant="default"
            lang={lang}
            loading={state.kind === "loading" && state.target === target}
            onClick={() => void run(target)}
          >
            {button}
          </Button>
        ))}
      </Group>
      {shown && state.kind === "done" && (
        <Stack gap={2} p="xs" bg="gray.0" style={{ borderRadius: 4 }} aria-live="polite">
          <Text size="xs" c="gray.7" lang={shown.lang}>
            {shown.label}
          </Text>
          <Text size="sm" lang={shown.lang} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {state.text}
          </Text>
        </Stack>
      )}
      {state.kind === "failed" && (
        <Text size="sm" c="red.9" role="alert">
          {state.message}
        </Text>
      )}
    </Stack>
  );
}
