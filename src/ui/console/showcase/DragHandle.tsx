import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import * as zhCN from '../../../i18n/zh-CN';

/** The handle an item is dragged by (with the pointer, or the keyboard: space, arrows, space). */
export function DragHandle({
  label,
  attributes,
  listeners,
}: {
  label: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}) {
  return (
    <button
      type="button"
      className="showcase-handle"
      {...attributes}
      {...listeners}
      aria-label={zhCN.consoleShowcase.dragToSort(label)}
    >
      <GripVertical aria-hidden="true" />
    </button>
  );
}
