import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, HomeOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HOME_TAB, useTabs, type CloseKind, type Tab } from '../../stores/tabs';
import { closeTabs, DRAG_DEFAULTS, reloadTab } from './tabActions';
import { screenPath } from '../../components/crud/urlState';
import { useTitle } from './useResolution';

function TabItem({ tab, active, index, count }: { tab: Tab; active: boolean; index: number; count: number }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const current = screenPath(location.pathname, location.search);
  const isHome = tab.fullPath === HOME_TAB.fullPath;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: tab.fullPath,
    disabled: isHome,
    transition: { duration: DRAG_DEFAULTS.transitionMs, easing: 'ease' },
  });
  // With many tabs the bar scrolls: the active tab is brought into view.
  const node = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (active) node.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const items: MenuProps['items'] = [
    { key: 'reload', label: t('frame.tabs.reload') },
    { type: 'divider' },
    { key: 'current', label: t('frame.tabs.closeCurrent'), disabled: isHome },
    { key: 'left', label: t('frame.tabs.closeLeft'), disabled: index <= 1 },
    { key: 'right', label: t('frame.tabs.closeRight'), disabled: index >= count - 1 },
    { key: 'others', label: t('frame.tabs.closeOthers'), disabled: count <= (isHome ? 1 : 2) },
    { key: 'all', label: t('frame.tabs.closeAll'), disabled: count <= 1 },
  ];
  const onMenu: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === 'reload') reloadTab(tab.fullPath, current, navigate);
    else void closeTabs(key as CloseKind, tab.fullPath, current, navigate);
  };

  return (
    // Each tab owns its context menu; the wrapper names the tab, because antd keeps a closed menu in the DOM
    // and animates it out while the next tab's menu opens (two '.ant-dropdown' nodes for a moment).
    <Dropdown
      menu={{ items, onClick: onMenu }}
      trigger={['contextMenu']}
      popupRender={(menu) => (
        <div data-testid="tab-menu" data-path={tab.fullPath}>
          {menu}
        </div>
      )}
    >
      <div
        ref={(el) => {
          setNodeRef(el);
          node.current = el;
        }}
        style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
        className={`frame-tab${active ? ' active' : ''}`}
        data-testid="frame-tab"
        data-path={tab.fullPath}
        onClick={() => navigate(tab.fullPath)}
        {...attributes}
        {...listeners}
      >
        {isHome && <HomeOutlined />}
        <span className="frame-tab-title">{tab.title ?? title(tab.titleKey, tab.fallbackTitle)}</span>
        {!isHome && (
          <CloseOutlined
            className="frame-tab-close"
            onPointerDown={(e) => e.stopPropagation()}
            onClick={(e) => {
              e.stopPropagation();
              void closeTabs('current', tab.fullPath, current, navigate);
            }}
          />
        )}
      </div>
    </Dropdown>
  );
}

// The tab bar: fixed home tab first, one tab per visited screen, drag to reorder, right-click for actions.
export function TabBar() {
  const tabs = useTabs((s) => s.tabs);
  const move = useTabs((s) => s.move);
  const location = useLocation();
  const current = screenPath(location.pathname, location.search);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DEFAULTS.pressThreshold } }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), String(over.id));
  };
  return (
    <div className="frame-tabbar" data-testid="tab-bar">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        autoScroll={{ acceleration: DRAG_DEFAULTS.autoScrollStep }}
      >
        <SortableContext items={tabs.map((t) => t.fullPath)} strategy={horizontalListSortingStrategy}>
          {tabs.map((tab, i) => (
            <TabItem key={tab.fullPath} tab={tab} active={tab.fullPath === current} index={i} count={tabs.length} />
          ))}
        </SortableContext>
      </DndContext>
    </div>
  );
}
