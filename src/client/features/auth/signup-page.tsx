import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { FREE_TRIAL_MONTHS, MAX_NAME_LENGTH } from "../../../shared/limits";
import { MESSAGES } from "../../../shared/messages";
import { signUpFormSchema } from "../../../shared/schemas/users";
import { FormAlert } from "../../components/form-alert";
import { PageLoader } from "../../components/page-loader";
import { PublicPageFrame } from "../../components/public-page-frame";
import { usePublicPlans, useSignUp } from "../../lib/account-api";
import { ApiError } from "../../lib/api-client";
import { signInWithPassword } from "../../lib/auth-requests";
import { fieldErrors } from "../../lib/form-errors";
import { useRefreshSession } from "../../lib/session";
import { PlanRadioGroup } from "./plan-radio-group";

const EMPTY_FORM = {
  displayName: "",
  email: "",
  password: "",
  confirmPassword: "",
  organizationName: "",
  organizationPlan: "",
  emailConsent: false,
};
type SignUpForm = typeof EMPTY_FORM;

function signUpFailureMessage(error: Error): string {
  return error.message === ""
    ? MESSAGES.signUpFailedNoMessage
    : `${error.message} ${MESSAGES.signUpFailedSuffix}`;
}

/** /signup: an organization admin starts a free trial, then is signed in and taken to the programs page. */
export function SignUpPage() {
  const plans = usePublicPlans();
  const signUp = useSignUp();
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);

  // Until a plan is chosen, the cheapest public plan (the server sorts by price) is selected.
  const planId = form.organizationPlan === "" ? (plans.data?.[0]?._id ?? "") : form.organizationPlan;
  const set = <K extends keyof SignUpForm>(key: K, value: SignUpForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function signInAndContinue(email: string, password: string) {
    setSigningIn(true);
    const result = await signInWithPassword(email, password);
    if (result.error) {
      navigate(`/login?${new URLSearchParams({ email }).toString()}`);
      return;
    }
    await refreshSession();
    navigate("/programs", { replace: true });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = signUpFormSchema.safeParse({ ...form, organizationPlan: planId });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const { confirmPassword: _confirmation, ...values } = parsed.data;
    signUp.mutate(
      { ...values, applicant: false, admin: true },
      {
        onSuccess: () => void signInAndContinue(values.email, values.password),
        onError: (error) => {
          setFailure(signUpFailureMessage(error));
          if (error instanceof ApiError && error.fields) {
            setErrors(
              Object.fromEntries(
                Object.entries(error.fields).map(([field, messages]) => [field, messages[0] ?? ""]),
              ),
            );
          }
        },
      },
    );
  }

  return (
    <PublicPageFrame width={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            Start your free trial
          </Title>
          <Text size="sm">
            Try DecisionHub free for {FREE_TRIAL_MONTHS} month{FREE_TRIAL_MONTHS === 1 ? "" : "s"} with your
            own organization.
          </Text>
          <FormAlert message={failure} />
          <TextInput
            label="Name"
            autoComplete="name"
            maxLength={MAX_NAME_LENGTH}
            value={form.displayName}
            error={errors.displayName}
            onChange={(event) => set("displayName", event.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={form.email}
            error={errors.email}
            onChange={(event) => set("email", event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={form.password}
            error={errors.password}
            onChange={(event) => set("password", event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={form.confirmPassword}
            error={errors.confirmPassword}
            onChange={(event) => set("confirmPassword", event.currentTarget.value)}
          />
          <TextInput
            label="Organization name"
            autoComplete="organization"
            maxLength={MAX_NAME_LENGTH}
            value={form.organizationName}
            error={errors.organizationName}
            onChange={(event) => set("organizationName", event.currentTarget.value)}
          />
          {plans.isPending ? (
            <PageLoader />
          ) : (
            <PlanRadioGroup
              plans={plans.data ?? []}
              value={planId}
              onChange={(value) => set("organizationPlan", value)}
              error={errors.organizationPlan}
            />
          )}
          <Checkbox
            label="Email me news and product updates"
            checked={form.emailConsent}
            onChange={(event) => set("emailConsent", event.currentTarget.checked)}
          />
          <Button type="submit" loading={signUp.isPending || signingIn} fullWidth>
            Start free trial
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{" "}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PublicPageFrame>
  );
}
