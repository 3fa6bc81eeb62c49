import { Avatar, Menu, Text, UnstyledButton } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { ACCOUNT_SETTINGS_PATH } from "../../features/auth/two-factor-setup-path";
import { useSignOut } from "../../lib/session";

/** `showAccountSettings`: for those who can open /account (everyone but applicants). */
export function AccountMenu({
  name,
  email,
  showAccountSettings,
}: {
  name: string;
  email: string;
  showAccountSettings: boolean;
}) {
  const signOut = useSignOut();
  const navigate = useNavigate();

  async function logOut() {
    await signOut();
    navigate("/login", { replace: true });
  }

  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: "50%" }}>
          {/* No initials: visible text inside the button would have to be part of its name (WCAG 2.5.3). */}
          <Avatar color="blue" variant="filled" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fw={600} c="dark" truncate>
            {name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {showAccountSettings && (
          <Menu.Item component={Link} to={ACCOUNT_SETTINGS_PATH}>
            Account settings
          </Menu.Item>
        )}
        <Menu.Item onClick={() => void logOut()}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
