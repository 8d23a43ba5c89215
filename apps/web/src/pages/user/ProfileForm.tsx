import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { EnumSelect } from '../../components/crud/EnumSelect';
import { EMPLOYMENT_MODES, PROFILE_LIMITS, type ProfileDetail } from '@study-crm/shared';
import { useConfirm } from '../../components/form/useConfirm';
import { ApiError } from '../../api/client';
import { HistoryRows, ROW_FIELDS, type RowList } from './HistoryRows';
import { useProfileMutations } from './api';
import { toast } from '../../lib/feedback';

const LISTS = ['skills', 'languages', 'jobTags', 'techStack'] as const;
type TextField =
  'engLastName' | 'engFirstName' | 'fullName' | 'nickName' | 'nationality' | 'city' | 'address' | 'hobbies';
const ROWS = Object.keys(ROW_FIELDS) as RowList[];
const CURRENCIES = ['GBP', 'CNY', 'TWD', 'HKD', 'USD', 'EUR'];
type Values = Record<string, unknown>;

// Rows without any value are dropped; blank cells travel as null.
const cleanRows = (rows: unknown) =>
  ((rows as Record<string, string | undefined>[] | undefined) ?? [])
    .filter((r) => r && Object.values(r).some((v) => v && String(v).trim()))
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v?.trim() ? v.trim() : null])));

// The signed-in member's own profile form: names, details, word lists and history rows, saved after confirmation.
export function ProfileForm({ data }: { data: ProfileDetail }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<Values>();
  const { update } = useProfileMutations();

  const submit = (v: Values) =>
    confirm(t('user.form.confirmSave'), async () => {
      const body: Record<string, string | number | null> = {};
      for (const [k, value] of Object.entries(v)) {
        if ((LISTS as readonly string[]).includes(k)) body[k] = JSON.stringify(value ?? []);
        else if ((ROWS as readonly string[]).includes(k)) body[k] = JSON.stringify(cleanRows(value));
        else body[k] = (value as string | number | null | undefined) ?? null;
      }
      try {
        await update.mutateAsync(body);
        toast.success(t('user.form.saved'));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
      }
    });

  const text = (name: TextField, max: number, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={t(`user.form.${name}`)} rules={[{ max }]}>
        <Input />
      </Form.Item>
    </Col>
  );
  const words = (name: (typeof LISTS)[number]) => (
    <Col xs={24} md={12}>
      <Form.Item
        name={name}
        label={t(`user.form.${name}`)}
        rules={[{ type: 'array', max: PROFILE_LIMITS.words, message: t('user.form.tooMany') }]}
      >
        <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffix={null} data-testid={`tags-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Card title={t('user.form.title')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={data}
        onFinish={submit}
        data-testid="profile-form"
        scrollToFirstError
      >
        <Row gutter={16}>
          {text('engLastName', 60, 6)}
          {text('engFirstName', 60, 6)}
          {text('fullName', 60, 6)}
          {text('nickName', 60, 6)}
          {text('nationality', 60, 6)}
          {text('city', 100, 6)}
          {text('address', 300)}
          <Col xs={24} md={6}>
            <Form.Item name="employmentMode" label={t('user.form.employmentMode')}>
              <EnumSelect allowClear values={EMPLOYMENT_MODES} labels="user.mode" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="workYears" label={t('user.form.workYears')}>
              <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('user.form.expectedSalary')}>
              <Space.Compact block>
                <Form.Item name="salaryCurrency" noStyle>
                  <Select
                    style={{ width: '30%' }}
                    options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                    aria-label={t('user.form.salaryCurrency')}
                  />
                </Form.Item>
                <Form.Item
                  name="expectedSalary"
                  noStyle
                  rules={[{ pattern: /^\d{1,13}(\.\d{1,3})?$/, message: t('user.form.salaryFormat') }]}
                >
                  <Input
                    style={{ width: '70%' }}
                    inputMode="decimal"
                    placeholder="42000.00"
                    aria-label={t('user.form.expectedSalary')}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          {words('skills')}
          {words('languages')}
          {words('jobTags')}
          {words('techStack')}
          {text('hobbies', 500, 24)}
          <Col span={24}>
            <Form.Item name="summary" label={t('user.form.summary')} rules={[{ max: 2000 }]}>
              <Input.TextArea rows={4} showCount maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
        {ROWS.map((name) => (
          <HistoryRows key={name} name={name} />
        ))}
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
          {t('user.form.save')}
        </Button>
      </Form>
    </Card>
  );
}
