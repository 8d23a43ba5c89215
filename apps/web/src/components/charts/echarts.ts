// The one place ECharts is assembled: only the chart types and components the app draws, so the bundle carries
// nothing else. Imported only by EChart.tsx, which only lazily loaded screens use: the login page and the first
// screen after sign-in never download it (npm run size).
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
export type { ComposeOption } from 'echarts/core';
export type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
export type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
