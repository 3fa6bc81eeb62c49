import { Text } from "@mantine/core";
import { Navigate } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { useCurrentProgram } from "../../lib/current-program";
import { useSignedInSession } from "../../lib/signed-in-session";

/** /admin/form: the builder of the current program's form. */
export function FormRedirectPage() {
  const { user } = useSignedInSession();
  const currentProgram = useCurrentProgram(user.id);
  if (currentProgram.isPending) return <PageLoader />;
  if (currentProgram.isError) {
    return <Text c="red.9">{`Error loading your current program: ${currentProgram.error.message}`}</Text>;
  }
  if (currentProgram.data === null) return <Text>Choose a program to build its form.</Text>;
  return <Navigate to={`/admin/form/${encodeURIComponent(currentProgram.data.id)}`} replace />;
}
