import { useMediaQuery } from "@mantine/hooks";
import type { RouteGroup } from "../../../shared/authz";
import { TOP_BAR_MIN_WIDTH_PX, WIDE_TOP_BAR_GROUPS } from "../../../shared/limits";

/** Whether a page of this group shows a screen narrower than the top bar: then the bar folds (decision 027). */
export function isCompactTopBar(group: RouteGroup | null, narrowScreen: boolean): boolean {
  return narrowScreen && group !== null && !WIDE_TOP_BAR_GROUPS.has(group);
}

export function useCompactTopBar(group: RouteGroup | null): boolean {
  // Read at once, not after the first paint: a phone never lays the page out 960 px wide, even briefly.
  const narrow = useMediaQuery(`(max-width: ${TOP_BAR_MIN_WIDTH_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  return isCompactTopBar(group, narrow);
}
