import { useEffect, useRef } from 'react';
import { useSettings } from '../../stores/settings';
import {
  echarts,
  type BarSeriesOption,
  type ComposeOption,
  type GridComponentOption,
  type LegendComponentOption,
  type LineSeriesOption,
  type PieSeriesOption,
  type TooltipComponentOption,
} from './echarts';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

// What a click on a bar, point or slice hands back: its series, category name and data index.
export type ChartClick = { seriesName?: string; name: string; dataIndex: number };

// The theme colour first (spec section 9: #165DFF), then distinct hues.
const PALETTE = ['#165DFF', '#00B42A', '#FF7D00', '#F53F3F', '#722ED1', '#14C9C9', '#F7BA1E', '#86909C'];
// Colour-weak mode: the Okabe–Ito palette, told apart without red–green contrast (the page's invert filter of
// spec section 9 still applies on top).
const PALETTE_WEAK = ['#0072B2', '#E69F00', '#56B4E9', '#009E73', '#F0E442', '#D55E00', '#CC79A7', '#000000'];

// A person who asked the system for less motion (WCAG 2.3.3) gets each chart drawn whole at once, without ECharts'
// growing bars and sweeping slices (antd's motion is off for them too: AntdProviders). Read at each drawing, so a
// change of the system setting counts from the next one.
const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

// A chart that fills its box (width and height 100 %), follows the box's size (ResizeObserver), the dark/light
// theme and the colour-weak setting, and reports clicks on its items.
export function EChart({
  option,
  onItemClick,
  height = 280,
  testId,
  label,
}: {
  option: ChartOption;
  onItemClick?: (item: ChartClick) => void;
  height?: number | string;
  testId?: string;
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onItemClick);
  click.current = onItemClick;
  const theme = useSettings((s) => s.theme);
  const colorWeak = useSettings((s) => s.colorWeak);

  // A new instance per theme (ECharts themes apply at init); disposed when the theme changes or the chart goes.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (p) => {
      const item = p as { seriesName?: string; name: string; dataIndex: number };
      click.current?.({ seriesName: item.seriesName, name: item.name, dataIndex: item.dataIndex });
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        color: colorWeak ? PALETTE_WEAK : PALETTE,
        ...option,
        ...(reducedMotion() ? { animation: false } : {}),
        // Tooltips drawn on the canvas: ECharts' HTML tooltip writes style attributes, which the CSP refuses.
        ...(option.tooltip && !Array.isArray(option.tooltip)
          ? { tooltip: { ...option.tooltip, renderMode: 'richText' as const } }
          : {}),
      },
      { notMerge: true },
    );
  }, [option, colorWeak, theme]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: '100%', height, cursor: onItemClick ? 'pointer' : undefined }}
    />
  );
}
