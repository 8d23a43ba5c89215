import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PROFILE_LIMITS } from '@study-crm/shared';

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export type RowField = { name: string; label: string; required?: boolean; month?: boolean; wide?: boolean };

// One list of the profile edited in place (work, education, certificates, awards): a row per entry, add and remove.
export function HistoryRows(props: { name: string; title: string; fields: RowField[] }) {
  const { t } = useTranslation();
  const monthRule = { pattern: YEAR_MONTH, message: t('user.form.monthFormat') };
  return (
    <Card size="small" title={props.title} style={{ marginBottom: 16 }} data-testid={`rows-${props.name}`}>
      <Form.List name={props.name}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row) => (
              <Row key={row.key} gutter={8} align="top" wrap>
                {props.fields.map((f) => (
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
              data-testid={`add-${props.name}`}
            >
              {t('user.form.addRow')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
