import { Avatar, Menu, Text, UnstyledButton } from "@mantine/core";
import { useNavigate } from "react-router";
import { useSignOut } from "../../lib/session";

export function AccountMenu({ name, email }: { name: string; email: string }) {
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
        <Menu.Item onClick={() => void logOut()}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
