import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type DragEndEvent,
  type Over,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates, useSortable, type SortableData } from '@dnd-kit/sortable';
import { useState, type ReactNode } from 'react';
import * as zhCN from '../../i18n/zh-CN';

const text = zhCN.console.sortable;

/** What every sortable item carries besides dnd-kit's own place data: the name a screen reader hears. */
interface ItemData {
  label: string;
}

/** An item's name and place ("第 2 位，共 5 项") as its sortable data tells them. */
function placeOf(item: Active | Over): { name: string; position: number; total: number } {
  const data = item.data.current as Partial<ItemData & SortableData> | undefined;
  return {
    name: data?.label ?? String(item.id),
    position: (data?.sortable?.index ?? 0) + 1,
    total: data?.sortable?.items.length ?? 0,
  };
}

/**
 * dnd-kit's live-region words in Chinese (its own are English and name items by id). One set per list: it
 * remembers whether the drag has just begun.
 */
function chineseAccessibility() {
  // dnd-kit reports the item over itself right after the pick-up: saying so would talk over 已拿起.
  let justPickedUp = false;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPickedUp = true;
      const { name, position, total } = placeOf(active);
      return text.pickedUp(name, position, total);
    },
    onDragOver: ({ active, over }) => {
      if (justPickedUp && over?.id === active.id) return undefined;
      justPickedUp = false;
      const { name } = placeOf(active);
      if (!over) return text.outside(name);
      const { position, total } = placeOf(over);
      return text.movedTo(name, position, total);
    },
    onDragEnd: ({ active, over }) => {
      const { name } = placeOf(active);
      if (!over) return text.dropped(name);
      const { position, total } = placeOf(over);
      return text.droppedAt(name, position, total);
    },
    onDragCancel: ({ active }) => text.cancelled(placeOf(active).name),
  };
  return { announcements, screenReaderInstructions: { draggable: text.instructions } };
}

/**
 * Every sortable console list's drag area: by pointer (after a few pixels, so a click stays a click) or by
 * keyboard (space, arrows, space), with what a screen reader hears in Chinese.
 */
export function SortableArea({ onDragEnd, children }: { onDragEnd: (event: DragEndEvent) => void; children: ReactNode }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [accessibility] = useState(chineseAccessibility);
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      {children}
    </DndContext>
  );
}

/** One item of a SortableArea's list; `label` is its name in the announcements. */
export function useSortableItem(id: UniqueIdentifier, label: string, disabled = false) {
  return useSortable({ id, data: { label } satisfies ItemData, disabled });
}
