import { useCallback, useMemo, useState } from "react";

export interface CollapsedCards {
  /** The ids of the sections and questions shown folded (a section's and a question's ids never clash). */
  collapsed: ReadonlySet<string>;
  /** Folds or unfolds one card. Stable for the page's life, so memoized cards keep it as a prop. */
  toggle(id: string): void;
  expand(id: string): void;
  expandAll(): void;
  collapseAll(ids: readonly string[]): void;
}

/**
 * Which of the builder's cards are folded to their title (docs/decisions/039-navigation-and-builder.md). Kept
 * for this visit only: every card opens unfolded, as the spec's builder shows them.
 */
export function useCollapsedCards(): CollapsedCards {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const expand = useCallback((id: string) => {
    setCollapsed((current) => {
      if (!current.has(id)) return current;
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }, []);
  const expandAll = useCallback(() => setCollapsed(new Set()), []);
  const collapseAll = useCallback((ids: readonly string[]) => setCollapsed(new Set(ids)), []);
  return useMemo(
    () => ({ collapsed, toggle, expand, expandAll, collapseAll }),
    [collapsed, toggle, expand, expandAll, collapseAll],
  );
}
