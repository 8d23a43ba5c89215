import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTabs } from '../../stores/tabs';
import { screenPath } from '../../components/crud/urlState';
import { TabItem } from './TabItem';

const loadSortable = () => import('./SortableTabs');
const SortableTabs = lazy(loadSortable);

// Drag-to-reorder (@dnd-kit, about 13 KiB gzipped) loads once the browser is idle after the first screen, or as soon
// as the pointer or the keyboard comes to the bar; until then the same tabs are drawn without it.
function useSortableReady(): [boolean, () => void] {
  const [ready, setReady] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(want, { timeout: 3_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(want, 1_000);
    return () => window.clearTimeout(id);
  }, [wanted]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadSortable().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [wanted]);
  return [ready, () => setWanted(true)];
}

// The tab bar: fixed home tab first, one tab per visited screen, drag to reorder, right-click for actions.
export function TabBar() {
  const tabs = useTabs((s) => s.tabs);
  const location = useLocation();
  const current = screenPath(location.pathname, location.search);
  const [sortable, want] = useSortableReady();
  const plain = tabs.map((tab, i) => (
    <TabItem key={tab.fullPath} tab={tab} active={tab.fullPath === current} index={i} count={tabs.length} />
  ));
  return (
    <div
      className="frame-tabbar"
      data-testid="tab-bar"
      data-sortable={sortable || undefined}
      onPointerEnter={want}
      onFocus={want}
    >
      {sortable ? (
        <Suspense fallback={plain}>
          <SortableTabs current={current} />
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}
