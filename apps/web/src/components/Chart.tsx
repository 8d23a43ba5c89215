import { useEffect, useRef, type CSSProperties } from 'react';
import { init, type EChartsOption, type ECharts } from 'echarts';
import { useSettings } from '../stores/settings';

export type ChartProps = {
  option: EChartsOption;
  style?: CSSProperties;
  className?: string;
};

// Apache ECharts filling its container; resizes with it and is disposed on unmount.
export function Chart({ option, style, className }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const theme = useSettings((s) => s.theme);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = init(el, theme === 'dark' ? 'dark' : undefined);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option, theme]);

  return (
    <div ref={ref} className={className} style={{ width: '100%', height: '100%', ...style }} data-testid="chart" />
  );
}
