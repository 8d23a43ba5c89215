import { Select, type SelectProps } from 'antd';
import { useDictOptions, useDictText } from './useDictOptions';

export type DictSelectProps = Omit<SelectProps<string>, 'options' | 'loading'> & { type: string };

// A select over the enabled entries of one dictionary type, each with its colour.
export function DictSelect({ type, ...rest }: DictSelectProps) {
  const { options, isLoading } = useDictOptions(type);
  const text = useDictText();
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'title' }}
      allowClear
      {...rest}
      loading={isLoading}
      options={options.map((o) => ({
        value: o.value,
        title: `${text(o)} ${o.value}`,
        label: (
          <span data-dict-option={o.value}>
            {o.color ? (
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  background: o.color,
                  marginInlineEnd: 6,
                }}
              />
            ) : null}
            {text(o)}
          </span>
        ),
      }))}
    />
  );
}
