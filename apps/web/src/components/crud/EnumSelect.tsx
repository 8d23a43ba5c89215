import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumOptions } from './options';
import type { ValueStrings } from './strings';

// A form's select over a fixed list of values (statuses, kinds), each shown as `<labels>.<value>` (the string group
// is checked at compile time to hold every value). Form.Item gives it its value and onChange.
export function EnumSelect<V extends string>({
  values,
  labels,
  testId,
  ...rest
}: { values: readonly V[]; labels: ValueStrings<V>; testId?: string } & Omit<SelectProps<V>, 'options'>) {
  const { t } = useTranslation();
  const options = enumOptions(values, (v) => t(`${labels}.${v}` as never) as string);
  return <Select<V> {...rest} options={options} data-testid={testId} />;
}
