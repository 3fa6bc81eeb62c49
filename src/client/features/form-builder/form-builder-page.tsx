import { Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useParams } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { useCurrentProgram, useSetCurrentProgram } from "../../lib/current-program";
import { useSignedInSession } from "../../lib/signed-in-session";
import { useProgramForm } from "./api";
import { FormBuilder } from "./form-builder";

/** /admin/form/:programId: the program's form (created with the default content on first opening). */
export function FormBuilderPage() {
  const { programId = "" } = useParams();
  const { user } = useSignedInSession();
  const query = useProgramForm(user.id, programId);
  useFollowedByProgramPicker(user.id, programId, query.isSuccess);

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Text c="red.9">{`Error loading the form: ${query.error.message}`}</Text>;
  // Reload fetches the form again and starts the builder afresh from it.
  return (
    <FormBuilder
      key={`${query.data.form._id}:${query.dataUpdatedAt}`}
      initial={query.data}
      onReload={() => void query.refetch()}
    />
  );
}

/**
 * The builder opened for another program than the current one (a bookmark, a link) makes it the current
 * program, once its form has loaded: the top bar's picker and page menu then show the program being
 * built. Asked once per program, so a refusal is not retried in a loop.
 */
function useFollowedByProgramPicker(userId: string, programId: string, formLoaded: boolean) {
  const current = useCurrentProgram(userId);
  const { mutate } = useSetCurrentProgram(userId);
  const asked = useRef<string | null>(null);
  const currentId = current.isSuccess ? (current.data?.id ?? null) : undefined;
  useEffect(() => {
    if (!formLoaded || currentId === undefined || currentId === programId) return;
    if (asked.current === programId) return;
    asked.current = programId;
    mutate(programId);
  }, [formLoaded, currentId, programId, mutate]);
}
