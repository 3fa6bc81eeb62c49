import { Alert, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { MAX_NAME_LENGTH } from "../../../shared/limits";
import { useUpdateName } from "../../lib/account-api";
import { fieldErrors } from "../../lib/form-errors";

/** A signed-in account without a name gives one before entering the product. */
export function FirstLoginStep({ userId }: { userId: string }) {
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const updateName = useUpdateName(userId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The shared rules, loaded on submit (docs/decisions/043-zod-off-the-first-paint.md).
    const { firstLoginNameSchema, fullName } = await import("../../../shared/schemas/users");
    const parsed = firstLoginNameSchema.safeParse({ firstName, lastName });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    // Once the profile has a name, the card moves on to the redirect.
    updateName.mutate(fullName(parsed.data));
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Welcome to DecisionHub
        </Title>
        <Text size="sm">Please tell us your name to finish setting up your account.</Text>
        {updateName.isError && (
          <Alert color="red" variant="light">
            Error saving your name: {updateName.error.message}
          </Alert>
        )}
        <TextInput
          label="First name"
          autoComplete="given-name"
          maxLength={MAX_NAME_LENGTH}
          value={firstName}
          error={errors.firstName}
          onChange={(event) => setFirstName(event.currentTarget.value)}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          maxLength={MAX_NAME_LENGTH}
          value={lastName}
          error={errors.lastName}
          onChange={(event) => setLastName(event.currentTarget.value)}
        />
        <Button type="submit" loading={updateName.isPending} fullWidth>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
