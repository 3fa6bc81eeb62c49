import { Text } from "@mantine/core";
import { useParams } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { useSignedInSession } from "../../lib/signed-in-session";
import { useProgramForm } from "./api";
import { FormBuilder } from "./form-builder";

/** /admin/form/:programId: the program's form (created with the default content on first opening). */
export function FormBuilderPage() {
  const { programId = "" } = useParams();
  const { user } = useSignedInSession();
  const query = useProgramForm(user.id, programId);

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
