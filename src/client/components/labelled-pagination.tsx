import { Pagination } from "@mantine/core";

const PAGINATION_CONTROL_LABELS = {
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
} as const;

interface LabelledPaginationProps {
  total: number;
  value: number;
  onChange: (page: number) => void;
}

/** Mantine's page buttons with names a screen reader can say ("Page 3", "Next page"): every table's pager. */
export function LabelledPagination({ total, value, onChange }: LabelledPaginationProps) {
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      getItemProps={(n) => ({ "aria-label": `Page ${n}` })}
      getControlProps={(control) => ({ "aria-label": PAGINATION_CONTROL_LABELS[control] })}
    />
  );
}
