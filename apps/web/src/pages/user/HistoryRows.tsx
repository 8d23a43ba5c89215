import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PROFILE_LIMITS } from '@study-crm/shared';
import type { zhTW } from './strings/zh-TW';

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

// The profile form's labels (user.form.<key>).
type FormKey = keyof (typeof zhTW)['user']['form'];

// One field of a row, labelled user.form.<name>, or user.form.<label> where the name is not a label key.
type RowField = { required?: boolean; month?: boolean; wide?: boolean } & (
  { name: FormKey; label?: FormKey } | { name: string; label: FormKey }
);

const PERIOD: RowField[] = [
  { name: 'start', month: true },
  { name: 'end', month: true },
];
const HONOUR: RowField[] = [{ name: 'name', required: true }, { name: 'issuer' }, { name: 'date', month: true }];

// The profile's lists edited in place (each titled user.form.<list>) and the fields of their rows.
export const ROW_FIELDS = {
  workHistory: [
    ...PERIOD,
    { name: 'company', required: true },
    { name: 'title', label: 'jobTitle' },
    { name: 'description', wide: true },
  ],
  educationHistory: [...PERIOD, { name: 'school', required: true }, { name: 'major' }, { name: 'degree' }],
  certificates: HONOUR,
  awards: HONOUR,
} satisfies Record<string, RowField[]>;

export type RowList = keyof typeof ROW_FIELDS;

// One list of the profile edited in place (work, education, certificates, awards): a row per entry, add and remove.
export function HistoryRows({ name }: { name: RowList }) {
  const { t } = useTranslation();
  const monthRule = { pattern: YEAR_MONTH, message: t('user.form.monthFormat') };
  const fields = (ROW_FIELDS[name] as RowField[]).map((f) => ({
    ...f,
    label: t(`user.form.${f.label ?? (f.name as FormKey)}`),
  }));
  return (
    <Card size="small" title={t(`user.form.${name}`)} style={{ marginBottom: 16 }} data-testid={`rows-${name}`}>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row) => (
              <Row key={row.key} gutter={8} align="top" wrap>
                {fields.map((f) => (
                  <Col key={f.name} xs={24} md={f.wide ? 12 : 6}>
                    <Form.Item
                      name={[row.name, f.name]}
                      rules={[
                        ...(f.required ? [{ required: true, message: t('user.required', { field: f.label }) }] : []),
                        ...(f.month ? [monthRule] : []),
                      ]}
                    >
                      <Input placeholder={f.month ? `${f.label} (YYYY-MM)` : f.label} aria-label={f.label} />
                    </Form.Item>
                  </Col>
                ))}
                <Col>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('user.form.removeRow')}
                    onClick={() => remove(row.name)}
                  />
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({})}
              disabled={rows.length >= PROFILE_LIMITS.rows}
              data-testid={`add-${name}`}
            >
              {t('user.form.addRow')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
