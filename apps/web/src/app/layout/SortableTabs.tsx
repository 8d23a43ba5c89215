import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HOME_TAB, useTabs } from '../../stores/tabs';
import { DRAG_DEFAULTS } from './tabActions';
import { TabItem, type TabItemProps } from './TabItem';

function SortableTab(props: Omit<TabItemProps, 'drag'>) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.tab.fullPath,
    disabled: props.tab.fullPath === HOME_TAB.fullPath,
    transition: { duration: DRAG_DEFAULTS.transitionMs, easing: 'ease' },
  });
  const style = { transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined };
  return <TabItem {...props} drag={{ setNodeRef, style, attributes, listeners }} />;
}

// The tabs, draggable (press threshold, transition and auto-scroll step from spec section 9). The drag code is a
// chunk of its own, loaded once the first screen is up (TabBar.tsx): the first screen does not wait for it.
export default function SortableTabs({ current }: { current: string }) {
  const tabs = useTabs((s) => s.tabs);
  const move = useTabs((s) => s.move);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DEFAULTS.pressThreshold } }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      autoScroll={{ acceleration: DRAG_DEFAULTS.autoScrollStep }}
    >
      <SortableContext items={tabs.map((t) => t.fullPath)} strategy={horizontalListSortingStrategy}>
        {tabs.map((tab, i) => (
          <SortableTab key={tab.fullPath} tab={tab} active={tab.fullPath === current} index={i} count={tabs.length} />
        ))}
      </SortableContext>
    </DndContext>
  );
}
