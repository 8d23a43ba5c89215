import { useEffect, useRef, type CSSProperties, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, HomeOutlined } from '@ant-design/icons';
import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { HOME_TAB, type CloseKind, type Tab } from '../../stores/tabs';
import { closeTabs, reloadTab } from './tabActions';
import { screenPath } from '../../components/crud/urlState';
import { useTitle } from './useResolution';

export interface TabItemProps {
  tab: Tab;
  active: boolean;
  index: number;
  count: number;
  // What dragging needs on the tab's element, once the drag code has loaded (SortableTabs.tsx).
  drag?: TabDrag;
}

export interface TabDrag {
  setNodeRef: (el: HTMLElement | null) => void;
  style: CSSProperties;
  attributes: HTMLAttributes<HTMLElement>;
  listeners: DraggableSyntheticListeners;
  // The context menu with the drag code's own items (Move left, Move right: a way to reorder without dragging).
  menu: (items: NonNullable<MenuProps['items']>, onClick: NonNullable<MenuProps['onClick']>) => MenuProps;
}

// One tab: its title, its close button and its context menu (reload, close current/left/right/others/all).
export function TabItem({ tab, active, index, count, drag }: TabItemProps) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const current = screenPath(location.pathname, location.search);
  const isHome = tab.fullPath === HOME_TAB.fullPath;
  const name = tab.title ?? title(tab.titleKey, tab.fallbackTitle);
  // With many tabs the bar scrolls: the active tab is brought into view, at the next frame, when the page is laid out
  // for it anyway (scrolling needs the layout: in the middle of a screen's first render it would be worked out twice).
  const node = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!active) return;
    const frame = requestAnimationFrame(() => node.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    return () => cancelAnimationFrame(frame);
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
      menu={drag?.menu(items, onMenu) ?? { items, onClick: onMenu }}
      trigger={['contextMenu']}
      popupRender={(menu) => (
        <div data-testid="tab-menu" data-path={tab.fullPath}>
          {menu}
        </div>
      )}
    >
      <div
        ref={(el) => {
          drag?.setNodeRef(el);
          node.current = el;
        }}
        style={drag?.style}
        className={`frame-tab${active ? ' active' : ''}`}
        data-testid="frame-tab"
        data-path={tab.fullPath}
      >
        <div
          className="frame-tab-main"
          onClick={() => navigate(tab.fullPath)}
          // Keyboard: each tab is a tab stop; Enter or Space opens it, Delete closes it (issue 42). The drag code,
          // once loaded, adds its own attributes (role button, a description) and pointer listeners.
          role="button"
          tabIndex={0}
          aria-current={active ? 'page' : undefined}
          {...drag?.attributes}
          {...drag?.listeners}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              navigate(tab.fullPath);
            } else if (e.key === 'Delete' && !isHome) {
              e.preventDefault();
              void closeTabs('current', tab.fullPath, current, navigate);
            }
          }}
        >
          {isHome && <HomeOutlined />}
          <span className="frame-tab-title">{name}</span>
        </div>
        {/* A button of its own beside the tab's, named for the tab (WCAG 4.1.2); out of the Tab order, as Delete on the
            tab closes it (decision 363). */}
        {!isHome && (
          <button
            type="button"
            className="frame-tab-close"
            aria-label={t('frame.tabs.closeTab', { title: name })}
            tabIndex={-1}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={(e) => {
              e.stopPropagation();
              void closeTabs('current', tab.fullPath, current, navigate);
            }}
          >
            <CloseOutlined aria-hidden />
          </button>
        )}
      </div>
    </Dropdown>
  );
}
