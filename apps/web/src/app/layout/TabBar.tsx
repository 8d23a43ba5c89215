import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { useTabs } from '../../stores/tabs';
import { screenPath } from '../../components/crud/urlState';
import { TabItem } from './TabItem';
import { whenIdle } from '../../lib/whenIdle';

const loadSortable = () => import('./SortableTabs');
type Sortable = ComponentType<{ current: string }>;

// Drag-to-reorder (@dnd-kit, about 13 KiB gzipped) loads once the browser is idle after the first screen, or as soon
// as the pointer or the keyboard comes to the bar; until then the same tabs are drawn without it. The loaded component
// is drawn directly (not through React.lazy, whose first render would suspend and show the plain tabs once more), so
// the bar changes over in one render and says so in `data-sortable`.
function useSortable(): [Sortable | null, () => void] {
  const [ready, setReady] = useState<Sortable | null>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => (wanted ? undefined : whenIdle(() => setWanted(true))), [wanted]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadSortable().then((m) => live && setReady(() => m.default));
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
  const [SortableTabs, want] = useSortable();
  const plain = tabs.map((tab, i) => (
    <TabItem key={tab.fullPath} tab={tab} active={tab.fullPath === current} index={i} count={tabs.length} />
  ));
  return (
    <div
      className="frame-tabbar"
      data-testid="tab-bar"
      data-sortable={SortableTabs ? true : undefined}
      onPointerEnter={want}
      onFocus={want}
    >
      {SortableTabs ? <SortableTabs current={current} /> : plain}
    </div>
  );
}
