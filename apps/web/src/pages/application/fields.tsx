import { DatePicker, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

// Form.Item adapters: the form keeps wire values ('YYYY-MM-DD' strings, 0/1 flags), widgets get their own types.
export const dateItem = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : null }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};
export const flagItem = {
  valuePropName: 'checked',
  getValueProps: (v?: number | null) => ({ checked: v === 1 }),
  normalize: (c: boolean) => (c ? 1 : 0),
};

export const DateInput = (props: { 'data-testid'?: string }) => (
  <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" {...props} />
);
export const FlagInput = Switch;
// No upper bound here: ranges depend on the test family (shared SCORE_RULES), and other tests go higher
// (Duolingo 160, Cambridge 230); the shared rules report a score out of range next to the field.
export const ScoreInput = (props: { step?: number }) => (
  <InputNumber style={{ width: '100%' }} min={0} step={props.step ?? 0.5} {...props} />
);

// Country calling codes offered for phones (spec: a phone needs its region).
const AREA_CODES = ['886', '852', '853', '86', '44', '1', '65', '60', '81', '82', '61', '64', '353'];
export const AreaCodeSelect = (props: object) => (
  <Select
    allowClear
    style={{ width: 110 }}
    options={AREA_CODES.map((c) => ({ value: c, label: `+${c}` }))}
    {...props}
  />
);
