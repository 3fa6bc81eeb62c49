import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useSignedInSession } from "../../../lib/signed-in-session";
import { mayMap } from "./eligible";

/** What every question's mapping control needs to know about the form and the user. */
export interface MappingScopeValue {
  /** The form being edited: never offered as a mapping target. */
  formId: string;
  organizationId: string;
  viewerId: string;
  /** Draft form and the user administers its organization. */
  canMap: boolean;
}

const NO_SCOPE: MappingScopeValue = { formId: "", organizationId: "", viewerId: "", canMap: false };
const MappingScopeContext = createContext<MappingScopeValue>(NO_SCOPE);

interface MappingScopeProps {
  form: { _id: string; organizationId: string; draft: boolean };
  children: ReactNode;
}

/**
 * Given once by the builder, read by each question's mapping control: the question cards stay memoized
 * (no extra props), and only the mapping controls re-render when the form is published or unpublished.
 */
export function MappingScope({ form, children }: MappingScopeProps) {
  const { user, profile } = useSignedInSession();
  const { _id: formId, organizationId, draft } = form;
  const canMap = mayMap({ draft, organizationId }, profile.adminOrganization);
  const value = useMemo(
    () => ({ formId, organizationId, viewerId: user.id, canMap }),
    [formId, organizationId, user.id, canMap],
  );
  return <MappingScopeContext.Provider value={value}>{children}</MappingScopeContext.Provider>;
}

export const useMappingScope = () => useContext(MappingScopeContext);
