import { Center, Loader, VisuallyHidden } from "@mantine/core";

/** Shown while a page's code or the session is loading. */
export function PageLoader() {
  return (
    <Center py="xl" role="status">
      <Loader size="md" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
