import { useTranslation } from 'react-i18next';
import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { registerBundle } from '../../i18n';
import { HOME_TAB, useTabs } from '../../stores/tabs';
import { tabOrder } from '../../locales/tabOrder';
import { DRAG_DEFAULTS } from './tabActions';
import { TabItem, type TabDrag, type TabItemProps } from './TabItem';
import { useTitle } from './useResolution';

registerBundle(tabOrder);

function SortableTab(props: Omit<TabItemProps, 'drag'>) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.tab.fullPath,
    disabled: props.tab.fullPath === HOME_TAB.fullPath,
    transition: { duration: DRAG_DEFAULTS.transitionMs, easing: 'ease' },
  });
  const style = { transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined };
  const { tab, index, count } = props;
  // Reordering without dragging (WCAG 2.5.7, 2.1.1): Move left and Move right in the tab's context menu, and
  // Alt+Shift+arrows. The home tab stays first.
  const moveBy = (step: number) => {
    const { tabs, move } = useTabs.getState();
    const to = tabs[index + step];
    if (index > 0 && to) move(tab.fullPath, to.fullPath);
  };
  // The keyboard's way (antd's context menu cannot be entered from the keyboard): Alt+Shift+← / →, the focus stays on
  // the tab.
  const onKeyDownCapture = (e: React.KeyboardEvent) => {
    if (!e.altKey || !e.shiftKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    e.stopPropagation();
    moveBy(e.key === 'ArrowLeft' ? -1 : 1);
  };
  const menu: TabDrag['menu'] = (items, onClick) => ({
    items: [
      ...items,
      { type: 'divider' },
      { key: 'moveLeft', label: t('tabOrder.moveLeft'), disabled: index <= 1 },
      { key: 'moveRight', label: t('tabOrder.moveRight'), disabled: index < 1 || index >= count - 1 },
    ],
    onClick: (info) => {
      const step = info.key === 'moveLeft' ? -1 : info.key === 'moveRight' ? 1 : 0;
      if (!step) return onClick(info);
      info.domEvent.stopPropagation();
      moveBy(step);
    },
  });
  return (
    <TabItem {...props} drag={{ setNodeRef, style, attributes, listeners: { ...listeners, onKeyDownCapture }, menu }} />
  );
}

// The tabs, draggable (press threshold, transition and auto-scroll step from spec section 9). The drag code is a
// chunk of its own, loaded once the first screen is up (TabBar.tsx): the first screen does not wait for it.
export default function SortableTabs({ current }: { current: string }) {
  const { t } = useTranslation();
  const title = useTitle();
  const tabs = useTabs((s) => s.tabs);
  const move = useTabs((s) => s.move);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DEFAULTS.pressThreshold } }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), String(over.id));
  };
  // What a screen reader hears, in the member's language and true to how the tabs move (dnd-kit's own are English
  // and speak of a keyboard drag there is not): WCAG 3.1.2, 4.1.3.
  const name = (id: string | number) => {
    const tab = tabs.find((x) => x.fullPath === id);
    return tab ? (tab.title ?? title(tab.titleKey, tab.fallbackTitle)) : String(id);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tabOrder.picked', { title: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('tabOrder.over', { title: name(active.id), over: name(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? t('tabOrder.dropped', { title: name(active.id), over: name(over.id) })
        : t('tabOrder.droppedBack', { title: name(active.id) }),
    onDragCancel: ({ active }) => t('tabOrder.cancelled', { title: name(active.id) }),
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      autoScroll={{ acceleration: DRAG_DEFAULTS.autoScrollStep }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('tabOrder.instructions') } }}
    >
      <SortableContext items={tabs.map((x) => x.fullPath)} strategy={horizontalListSortingStrategy}>
        {tabs.map((tab, i) => (
          <SortableTab key={tab.fullPath} tab={tab} active={tab.fullPath === current} index={i} count={tabs.length} />
        ))}
      </SortableContext>
    </DndContext>
  );
}
