import { PasswordInput } from "@mantine/core";

interface NewPasswordFieldsProps {
  /** The two fields' labels: "Password" / "Confirm password", or "New password" / "Confirm new password". */
  labels: { password: string; confirm: string };
  password: string;
  confirmPassword: string;
  errors: { password?: string; confirmPassword?: string };
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
}

/** A new password typed twice, as the password manager expects it: the reset link's form and an invitee's account. */
export function NewPasswordFields({
  labels,
  password,
  confirmPassword,
  errors,
  onPasswordChange,
  onConfirmChange,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
      />
      <PasswordInput
        label={labels.confirm}
        autoComplete="new-password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onConfirmChange(event.currentTarget.value)}
      />
    </>
  );
}
