/**
 * One Tabler icon's own module (components/icons.tsx imports them one by one). The package types only its
 * index, which re-exports every icon; each icon file's default export is one of those icons.
 */
declare module "@tabler/icons-react/dist/esm/icons/*.mjs" {
  import type { TablerIcon } from "@tabler/icons-react";

  const icon: TablerIcon;
  export default icon;
}
