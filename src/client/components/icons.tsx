import type { TablerIcon } from "@tabler/icons-react";
import IconChartBar from "@tabler/icons-react/dist/esm/icons/IconChartBar.mjs";
import IconChecklist from "@tabler/icons-react/dist/esm/icons/IconChecklist.mjs";
import IconChevronDown from "@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs";
import IconCreditCard from "@tabler/icons-react/dist/esm/icons/IconCreditCard.mjs";
import IconDotsVertical from "@tabler/icons-react/dist/esm/icons/IconDotsVertical.mjs";
import IconDownload from "@tabler/icons-react/dist/esm/icons/IconDownload.mjs";
import IconGripVertical from "@tabler/icons-react/dist/esm/icons/IconGripVertical.mjs";
import IconHistory from "@tabler/icons-react/dist/esm/icons/IconHistory.mjs";
import IconLayoutDashboard from "@tabler/icons-react/dist/esm/icons/IconLayoutDashboard.mjs";
import IconListCheck from "@tabler/icons-react/dist/esm/icons/IconListCheck.mjs";
import IconSettings from "@tabler/icons-react/dist/esm/icons/IconSettings.mjs";
import IconUserShare from "@tabler/icons-react/dist/esm/icons/IconUserShare.mjs";
import IconUsers from "@tabler/icons-react/dist/esm/icons/IconUsers.mjs";
import IconUserX from "@tabler/icons-react/dist/esm/icons/IconUserX.mjs";

/**
 * The app's icons, each a Tabler icon (docs/decisions/025-client-libraries.md). One file per icon is imported,
 * not the package's index of 6,000 icons: the bundle holds only these, and a test that renders a page does not
 * load them all.
 */
export interface IconProps {
  size?: number;
}

/**
 * A Tabler icon as the app shows it: decorative, so hidden from assistive technology and never focused (the
 * button or link around it carries the name), drawn at `size` pixels unless the caller asks for another.
 */
function decorative(Tabler: TablerIcon, size: number, stroke: number) {
  function DecorativeIcon({ size: shown = size }: IconProps) {
    return <Tabler size={shown} stroke={stroke} aria-hidden="true" focusable="false" />;
  }
  DecorativeIcon.displayName = `Decorative${Tabler.displayName ?? "Icon"}`;
  return DecorativeIcon;
}

/** Controls (menus, disclosures, move buttons): 16 px, Tabler's stroke. */
const CONTROL = [16, 2] as const;
/** The route icons (dashboard tiles): 24 px unless the tile asks for more, a lighter stroke. */
const ROUTE = [24, 1.75] as const;

/** Opens a menu or a disclosure; turned upside down for "move up". */
export const ChevronDownIcon = decorative(IconChevronDown, ...CONTROL);
/** The "more actions" icon of a row's actions menu. */
export const DotsVerticalIcon = decorative(IconDotsVertical, ...CONTROL);
/** Six dots: "this can be dragged". */
export const GripIcon = decorative(IconGripVertical, ...CONTROL);

export const UsersIcon = decorative(IconUsers, ...ROUTE);
export const SettingsIcon = decorative(IconSettings, ...ROUTE);
export const CreditCardIcon = decorative(IconCreditCard, ...ROUTE);
export const DashboardIcon = decorative(IconLayoutDashboard, ...ROUTE);
/** A page with lines and a check mark: the form builder. */
export const FormIcon = decorative(IconChecklist, ...ROUTE);
/** A person with an arrow: assigning reviewers. */
export const AssignIcon = decorative(IconUserShare, ...ROUTE);
/** A person crossed out: conflicts of interest. */
export const ConflictIcon = decorative(IconUserX, ...ROUTE);
/** A bar chart: the statistics pages. */
export const ChartIcon = decorative(IconChartBar, ...ROUTE);
/** A ticked list: the committee's progress. */
export const ProgressIcon = decorative(IconListCheck, ...ROUTE);
/** A tray with an arrow down: exports. */
export const ExportIcon = decorative(IconDownload, ...ROUTE);
/** A clock with a backward arrow: the audit log's history. */
export const HistoryIcon = decorative(IconHistory, ...ROUTE);
