import type { DragEvent } from "react";
import { notify } from "../../lib/notify";

/** What is being dragged, by kind: questions move between sections, options only inside their question. */
export const DRAG_TYPES = {
  question: "application/x-decisionhub-question",
  option: "application/x-decisionhub-option",
} as const;
type DragType = (typeof DRAG_TYPES)[keyof typeof DRAG_TYPES];

/**
 * The handle of a draggable item (native HTML drag and drop: no library). In a published form the drag
 * is refused with the spec's message, so an attempt says why nothing moves.
 */
export function dragHandleProps<T>(type: DragType, payload: T, refusal: string | null) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      if (refusal !== null) {
        event.preventDefault();
        notify(refusal);
        return;
      }
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData(type, JSON.stringify(payload));
      // Drag the whole item, not just its handle.
      const item = event.currentTarget.closest("[data-drag-item]");
      if (item instanceof HTMLElement) event.dataTransfer.setDragImage(item, 16, 16);
    },
  };
}

/** Where a dragged item of this kind may be dropped; `onDrop` receives the payload the handle set. */
export function dropTargetProps<T>(type: DragType, onDrop: (payload: T) => void) {
  return {
    "data-drag-item": true,
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!event.dataTransfer.types.includes(type)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      const data = event.dataTransfer.getData(type);
      if (!data) return;
      event.preventDefault();
      event.stopPropagation();
      onDrop(JSON.parse(data) as T);
    },
  };
}
