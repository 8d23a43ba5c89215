import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Form, Input, Row, Space, Tooltip, Typography } from 'antd';
import type { FormInstance, FormItemProps, FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isUcasChoice, UCAS_MAX_CHOICES, type ChoiceRow } from '@study-crm/shared';
import { requiredRule } from '../../../components/form/rules';
import { DateInput, dateItem } from '../fields';
import type { zhTW } from '../strings/zh-TW';
import type { applicationChoice } from '../choiceLocale';
import { EMPTY_ROW, type Section } from './formValues';

// The application screens' field names (application.f.<key>).
type FieldKey = keyof (typeof zhTW)['application']['f'] | keyof (typeof applicationChoice)['zh-TW']['application']['f'];

// A section of repeated rows (educations, jobs…): a card per row with its fields, "Add row" and remove.
// With `max`, "Add row" is disabled once the section has that many rows, with the reason in a tooltip.
export function RowsSection({
  section,
  extra,
  max,
  children,
}: {
  section: Section;
  extra?: ReactNode;
  max?: number;
  children: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.List name={section}>
      {(fields, { add, remove }) => {
        const full = max !== undefined && fields.length >= max;
        const addButton = (
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ ...EMPTY_ROW[section] })}
            disabled={full}
            data-testid={`add-${section}`}
          >
            {t('application.addRow')}
          </Button>
        );
        return (
          <Card
            title={t(`application.section.${section}`)}
            style={{ marginBottom: 16 }}
            data-testid={`section-${section}`}
            extra={
              <Space>
                {extra}
                {full ? (
                  <Tooltip title={t('application.maxRows', { max })}>
                    {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
                    <span data-testid={`add-${section}-full`}>{addButton}</span>
                  </Tooltip>
                ) : (
                  addButton
                )}
              </Space>
            }
          >
            {fields.length === 0 && <Typography.Text type="secondary">{t('application.noRows')}</Typography.Text>}
            {fields.map((field, idx) => (
              <Card
                key={field.key}
                size="small"
                type="inner"
                style={{ marginBottom: 12 }}
                title={`#${idx + 1}`}
                extra={
                  <Button
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('application.removeRow')}
                  />
                }
              >
                <Row gutter={16}>{children(field.name)}</Row>
              </Card>
            ))}
          </Card>
        );
      }}
    </Form.List>
  );
}

// Start and end dates of an education or job row; the end may not come before the start.
export function PeriodCols({ form, section, i }: { form: FormInstance; section: 'educations' | 'jobs'; i: number }) {
  const { t } = useTranslation();
  const endAfterStart: FormRule = {
    validator: (_, end?: string) => {
      const start = form.getFieldValue([section, i, 'startDate']) as string | undefined;
      return !start || !end || start <= end
        ? Promise.resolve()
        : Promise.reject(new Error(t('application.v.dateOrder')));
    },
  };
  return (
    <>
      <Col xs={24} md={6}>
        <Form.Item name={[i, 'startDate']} label={t('application.f.startDate')} {...dateItem}>
          <DateInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          name={[i, 'endDate']}
          label={t('application.f.endDate')}
          {...dateItem}
          dependencies={[[section, i, 'startDate']]}
          rules={[endAfterStart]}
        >
          <DateInput />
        </Form.Item>
      </Col>
    </>
  );
}

// The UCAS choices of the fullest cycle (at most UCAS_MAX_CHOICES per cycle).
export function UcasCount({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const rows = (Form.useWatch('targetSchools', form) ?? []) as (ChoiceRow | undefined)[];
  const perCycle = new Map<string, number>();
  for (const r of rows)
    if (r && isUcasChoice(r)) perCycle.set(String(r.cycleId ?? ''), (perCycle.get(String(r.cycleId ?? '')) ?? 0) + 1);
  const n = Math.max(0, ...perCycle.values());
  return (
    <Typography.Text type={n > UCAS_MAX_CHOICES ? 'danger' : 'secondary'} data-testid="ucas-count">
      {t('application.ucasCount', { n })}
    </Typography.Text>
  );
}

// One field of a row: a column with its labelled item. The label is application.f.<name>, or application.f.<label>
// where the form's name is not a label key; `required` adds the required rule; `item` passes item props (dateItem,
// flagItem, rules…). Without children it is a text input of at most `max` characters.
type RowFieldProps = {
  i: number;
  md?: number;
  xs?: number;
  required?: boolean;
  item?: FormItemProps;
  max?: number | undefined;
  children?: ReactNode;
} & ({ name: FieldKey; label?: FieldKey } | { name: string; label: FieldKey });

export function RowField({ i, name, md, xs = 24, label, required, item, max, children }: RowFieldProps) {
  const { t } = useTranslation();
  const rules = [...(required ? [requiredRule(t('application.v.required'))] : []), ...(item?.rules ?? [])];
  return (
    <Col xs={xs} md={md}>
      <Form.Item {...item} name={[i, name]} label={t(`application.f.${label ?? (name as FieldKey)}`)} rules={rules}>
        {children ?? <Input maxLength={max} />}
      </Form.Item>
    </Col>
  );
}

// Plain text fields of a row, one column each, limited to the section's lengths.
export function TextFields({
  i,
  names,
  md,
  len,
}: {
  i: number;
  names: readonly FieldKey[];
  md: number;
  len: Partial<Record<string, number>>;
}) {
  return (
    <>
      {names.map((name) => (
        <RowField key={name} i={i} name={name} md={md} max={len[name]} />
      ))}
    </>
  );
}
