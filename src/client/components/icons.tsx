import type { ReactNode } from "react";

/** Tiny inline icons (no icon library in this project). Decorative: hidden from assistive technology. */
export function ChevronDownIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

/** The "more actions" icon of a row's actions menu. */
export function DotsVerticalIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </svg>
  );
}

export interface IconProps {
  size?: number;
}

/** A stroked 24×24 outline icon: the shape of every route icon. */
function OutlineIcon({ size = 24, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function UsersIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.4c2.1.8 3.5 2.8 3.5 5.6" />
    </OutlineIcon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M2 12h3M19 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" />
    </OutlineIcon>
  );
}

export function CreditCardIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="M2.5 10h19M6.5 15h4" />
    </OutlineIcon>
  );
}

export function DashboardIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3" y="3" width="7.5" height="9" rx="1.5" />
      <rect x="13.5" y="3" width="7.5" height="5" rx="1.5" />
      <rect x="13.5" y="11" width="7.5" height="10" rx="1.5" />
      <rect x="3" y="15" width="7.5" height="6" rx="1.5" />
    </OutlineIcon>
  );
}

/** A form: a page with lines and a check box (the form builder's tile). */
export function FormIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="4.5" y="2.5" width="15" height="19" rx="2" />
      <path d="M8 7.5h8M8 11.5h8M8 15.5h2.5M13 15.5l1.5 1.5 2.5-3" />
    </OutlineIcon>
  );
}

/** People linked to a page: assigning reviewers. */
export function AssignIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="8" cy="7.5" r="3" />
      <path d="M2.5 19c0-3.2 2.5-5.5 5.5-5.5 1.5 0 2.8.5 3.8 1.4" />
      <rect x="14" y="10" width="7.5" height="10" rx="1.2" />
      <path d="M16 13.5h3.5M16 16.5h3.5" />
    </OutlineIcon>
  );
}

/** A bar chart: the statistics pages. */
export function ChartIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3 21h18" />
      <rect x="5" y="11" width="3.5" height="7" rx="0.8" />
      <rect x="10.25" y="6" width="3.5" height="12" rx="0.8" />
      <rect x="15.5" y="13.5" width="3.5" height="4.5" rx="0.8" />
    </OutlineIcon>
  );
}

/** A ticked list: the committee's progress. */
export function ProgressIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 6.5l1.5 1.5 2.5-3M3.5 12.5l1.5 1.5 2.5-3M3.5 18.5h4" />
      <path d="M10.5 7h10M10.5 13h10M10.5 19h6" />
    </OutlineIcon>
  );
}

/** A tray with an arrow down: exports. */
export function ExportIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 3v11M7.5 9.5 12 14l4.5-4.5" />
      <path d="M3.5 14.5v4a2 2 0 0 0 2 2h13a2 2 0 0 0 2-2v-4" />
    </OutlineIcon>
  );
}

/** A clock with a backward arrow: the audit log's history. */
export function HistoryIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 8v4l2 2" />
      <path d="M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5" />
    </OutlineIcon>
  );
}
