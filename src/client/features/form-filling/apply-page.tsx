import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api-client";
import { useTranslate } from "../../lib/i18n";
import { submissionApi, submissionKeys } from "../../lib/submission-api";
import { LinkLoader } from "./form-link-page";
import { FormPage, type LanguageProps } from "./form-page";
import { takePageAddress } from "./page-data";
import { ClosedView, FormColumn, FormPageLoader, MessageView } from "./views";

/**
 * /apply/:organization/:form, a form's stable address (docs/decisions/027-stable-form-address.md): it opens the
 * form's latest applicant link in place, so an address published on a website keeps working when the form is
 * reopened with a new link. A closed form shows the closed page, naming the organization.
 */
export function ApplyPage() {
  return <FormPage Loader={AddressLoader} />;
}

function AddressLoader(props: LanguageProps) {
  const { organization = "", form = "" } = useParams();
  const t = useTranslate();
  const address = useQuery({
    queryKey: submissionKeys.address(organization, form),
    queryFn: async () =>
      (await takePageAddress(organization, form)) ?? submissionApi.address(organization, form),
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (address.isPending) return <FormPageLoader />;
  if (address.isError) {
    const unknown = address.error instanceof ApiError && [400, 404].includes(address.error.status);
    return (
      <FormColumn>
        <MessageView
          message={
            unknown ? t("form.addressUnknown") : t("page.actionFailed", { message: address.error.message })
          }
        />
      </FormColumn>
    );
  }
  const { linkId, organization: runBy } = address.data;
  if (linkId === null) {
    return (
      <FormColumn>
        <ClosedView withDraft={false} organization={runBy} />
      </FormColumn>
    );
  }
  return <LinkLoader {...props} linkId={linkId} />;
}
