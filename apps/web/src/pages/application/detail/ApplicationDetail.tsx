import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Col, Form, Input, Result, Row, Select, Skeleton, Space, Typography } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  APPLICATION_DEFAULT_STATUS,
  APPLICATION_DICT,
  ApplicationCreateSchema,
  formatMessage,
  isMessageKey,
  AREA_CODE_RE,
  PERM,
  PHONE_RE,
  isValidEmail,
  isValidUrl,
  normalizePhone,
  type ApplicationView,
} from '@study-crm/shared';
import { usePermission } from '../../components/Permission';
import i18n, { currentLocale } from '../../i18n';
import { saveApplication, useApplicationView, useInvalidateApplication, useStaffOptions } from './api';
import { DictSelect } from '../../components/dict';
import { AreaCodeSelect, DateInput, FlagInput, ScoreInput, dateItem, flagItem } from './fields';
import { PATHS } from './paths';

const SECTIONS = ['educations', 'jobs', 'languageScores', 'referrers', 'targetSchools'] as const;
type Section = (typeof SECTIONS)[number];
type FormValues = Record<string, unknown> & Record<Section, Record<string, unknown>[]>;

const EMPTY_ROW: Record<Section, Record<string, unknown>> = {
  educations: {},
  jobs: {},
  // A seeded language_test_type value: the most common test.
  languageScores: { testType: 'ielts_academic', futureBooking: 0, isUkvi: 0 },
  referrers: { webPush: 0 },
  targetSchools: {},
};

function toFormValues(v: ApplicationView): FormValues {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...rest } = v;
  return rest as unknown as FormValues;
}

// Rows travel as JSON strings; everything else as form fields.
function toBody(values: FormValues): Record<string, string | number | null> {
  const body: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(values)) {
    if ((SECTIONS as readonly string[]).includes(k)) body[k] = JSON.stringify(v ?? []);
    else body[k] = v === undefined || v === '' ? null : (v as string | number | null);
  }
  return body;
}

export default function ApplicationDetail() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const [form] = Form.useForm<FormValues>();
  const view = useApplicationView(id);
  const staff = useStaffOptions();
  const invalidate = useInvalidateApplication();
  const canSave = usePermission(id ? PERM.applicationUpdate : PERM.applicationAdd);
  const [version, setVersion] = useState<number | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const markDirty = (d: boolean) => {
    dirtyRef.current = d;
    setDirty(d);
  };

  useEffect(() => {
    if (view.data) {
      form.resetFields();
      form.setFieldsValue(toFormValues(view.data));
      setVersion(view.data.version);
      markDirty(false);
    }
  }, [view.data, form]);

  // Unsaved changes: in-app navigation asks first; closing or reloading the tab gets the browser's prompt.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('application.unsavedTitle'),
      content: t('application.unsavedText'),
      okText: t('application.leave'),
      cancelText: t('application.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!dirty) return;
    const handler = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [dirty]);

  async function save() {
    let values: FormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as FormValues;
    } catch {
      void message.error(t('application.fixErrors'));
      return;
    }
    // The server's own rules (shared schema: score ranges, IELTS overall, UCAS limit…), shown next to the field.
    const problems = sharedRuleErrors(values);
    // A rule about a whole section (the UCAS limit) has no input to attach to: say it in a message.
    const sectionProblem = problems.find(
      (p) => p.name.length === 1 && (SECTIONS as readonly unknown[]).includes(p.name[0]),
    );
    if (sectionProblem) {
      void message.error(sectionProblem.errors[0]);
      return;
    }
    if (problems.length) {
      form.setFields(problems);
      form.scrollToField(problems[0]!.name, { block: 'center' });
      void message.error(t('application.fixErrors'));
      return;
    }
    modal.confirm({
      title: t('application.saveConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setSaving(true);
        try {
          const body = toBody(values);
          if (id) Object.assign(body, { id, version });
          const res = await saveApplication(body, id);
          if (res.meta.code === 409) {
            modal.confirm({
              title: t('application.conflictTitle'),
              content: res.meta.message,
              okText: t('application.reload'),
              cancelText: t('common.cancel'),
              onOk: async () => {
                markDirty(false);
                await view.refetch();
              },
            });
            return;
          }
          if (res.meta.code !== 200) return;
          markDirty(false);
          setVersion(res.data.version);
          setWarnings(res.data.warnings.map((w) => w.message));
          void message.success(t('application.saved'));
          await invalidate();
          if (!id) navigate(PATHS.detail(res.data.id), { replace: true });
        } finally {
          setSaving(false);
        }
      },
    });
  }

  if (id && view.isError) return <Result status="404" title={t('application.notFound')} />;
  if (id && view.isLoading) return <Skeleton active />;

  const teacherOptions = staff.data?.map((s) => ({ value: s.id, label: s.name }));
  const title = id ? t('application.editTitle', { name: view.data?.name ?? '' }) : t('application.newTitle');

  return (
    <Form<FormValues>
      form={form}
      name="app"
      layout="vertical"
      onValuesChange={() => markDirty(true)}
      initialValues={
        id
          ? undefined
          : {
              status: APPLICATION_DEFAULT_STATUS,
              applicationDate: dayjs().format('YYYY-MM-DD'),
              educations: [],
              jobs: [],
              languageScores: [],
              referrers: [],
              targetSchools: [],
            }
      }
    >
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(PATHS.list)} />
            <span data-testid="detail-title">{title}</span>
          </Space>
        }
        extra={
          <Space>
            {id && <Button onClick={() => navigate(PATHS.follow(id))}>{t('application.action.follow')}</Button>}
            {id && <Button onClick={() => navigate(PATHS.files(id))}>{t('application.action.files')}</Button>}
            {canSave && (
              <Button type="primary" loading={saving} onClick={() => void save()} data-testid="detail-save">
                {t('common.save')}
              </Button>
            )}
          </Space>
        }
        style={{ marginBottom: 16 }}
      >
        {warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            closable
            style={{ marginBottom: 16 }}
            message={t('application.warnings')}
            description={warnings.map((w) => (
              <div key={w}>{w}</div>
            ))}
            data-testid="detail-warnings"
          />
        )}
        {dirty && (
          <Typography.Text type="warning" data-testid="detail-dirty">
            {t('application.unsavedHint')}
          </Typography.Text>
        )}
        <PersonalSection form={form} teacherOptions={teacherOptions} />
      </Card>

      <RowsSection section="educations" form={form}>
        {(i) => (
          <>
            <PeriodCols form={form} section="educations" i={i} />
            <Col xs={24} md={12}>
              <Form.Item name={[i, 'school']} label={t('application.f.school')} rules={[required(t)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'location']} label={t('application.f.location')}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'major']} label={t('application.f.major')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'attainment']} label={t('application.f.attainment')}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'gpa']} label={t('application.f.gpa')}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
          </>
        )}
      </RowsSection>

      <RowsSection section="jobs" form={form}>
        {(i) => (
          <>
            <PeriodCols form={form} section="jobs" i={i} />
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'unitName']} label={t('application.f.unitName')} rules={[required(t)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'title']} label={t('application.f.jobTitle')}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name={[i, 'content']} label={t('application.f.content')}>
                <Input.TextArea rows={2} maxLength={2000} />
              </Form.Item>
            </Col>
          </>
        )}
      </RowsSection>

      <RowsSection section="languageScores" form={form}>
        {(i) => (
          <>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'testType']} label={t('application.f.testType')} rules={[required(t)]}>
                <DictSelect type={APPLICATION_DICT.languageTestType} allowClear={false} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'testName']} label={t('application.f.testName')}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'testDate']} label={t('application.f.testDate')} {...dateItem}>
                <DateInput />
              </Form.Item>
            </Col>
            <Col xs={12} md={3}>
              <Form.Item name={[i, 'futureBooking']} label={t('application.f.futureBooking')} {...flagItem}>
                <FlagInput />
              </Form.Item>
            </Col>
            <Col xs={12} md={3}>
              <Form.Item name={[i, 'isUkvi']} label={t('application.f.isUkvi')} {...flagItem}>
                <FlagInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[i, 'registrationNo']} label={t('application.f.registrationNo')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[i, 'candidateId']} label={t('application.f.candidateId')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[i, 'reportFormNo']} label={t('application.f.reportFormNo')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            {(['listening', 'reading', 'writing', 'speaking', 'total'] as const).map((p) => (
              <Col xs={12} md={4} key={p}>
                <Form.Item name={[i, p]} label={t(`application.f.${p}`)}>
                  <ScoreInput />
                </Form.Item>
              </Col>
            ))}
          </>
        )}
      </RowsSection>

      <RowsSection section="referrers" form={form}>
        {(i) => (
          <>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'lastName']} label={t('application.f.lastName')} rules={[required(t)]}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'firstName']} label={t('application.f.firstName')}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'gender']} label={t('application.f.gender')}>
                <DictSelect type={APPLICATION_DICT.gender} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'webPush']} label={t('application.f.webPush')} {...flagItem}>
                <FlagInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('application.f.mobile')} required={false}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name={[i, 'areaCode']} noStyle>
                    <AreaCodeSelect />
                  </Form.Item>
                  <Form.Item
                    name={[i, 'mobile']}
                    noStyle
                    rules={[phoneRule(() => form.getFieldValue(['referrers', i, 'areaCode']) as string, t)]}
                  >
                    <Input maxLength={20} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[i, 'email']} label={t('application.f.email')} rules={[emailRule(t)]}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[i, 'position']} label={t('application.f.position')}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[i, 'unit']} label={t('application.f.unit')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name={[i, 'address']} label={t('application.f.address')}>
                <Input maxLength={300} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[i, 'postcode']} label={t('application.f.postcode')}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
          </>
        )}
      </RowsSection>

      <RowsSection section="targetSchools" form={form} extra={<UcasCount form={form} />}>
        {(i) => (
          <>
            <Col xs={24} md={8}>
              <Form.Item name={[i, 'school']} label={t('application.f.school')} rules={[required(t)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[i, 'major']} label={t('application.f.major')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name={[i, 'ucasCode']} label={t('application.f.ucasCode')}>
                <Input maxLength={16} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name={[i, 'applicationDate']} label={t('application.f.applyDate')} {...dateItem}>
                <DateInput />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name={[i, 'majorLink']} label={t('application.f.majorLink')} rules={[urlRule(t)]}>
                <Input maxLength={500} placeholder="https://" />
              </Form.Item>
            </Col>
          </>
        )}
      </RowsSection>

      <Card title={t('application.section.notes')} style={{ marginBottom: 16 }}>
        <Form.Item name="importantNotes">
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
      </Card>
      {canSave && (
        <Button type="primary" loading={saving} onClick={() => void save()} block>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}

type FieldError = { name: (string | number)[]; errors: string[] };
function sharedRuleErrors(values: FormValues): FieldError[] {
  const parsed = ApplicationCreateSchema.safeParse(toBody(values));
  if (parsed.success) return [];
  const locale = currentLocale();
  return parsed.error.issues.map((issue) => {
    const name = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const last = name[name.length - 1];
    const key = (SECTIONS as readonly unknown[]).includes(last)
      ? `application.section.${last}`
      : `application.f.${last}`;
    const field = typeof last === 'string' ? i18n.t(key, { defaultValue: last }) : '';
    const text = isMessageKey(issue.message) ? formatMessage(issue.message, locale, { field }) : issue.message;
    return { name, errors: [text] };
  });
}

type T = (key: string, o?: Record<string, unknown>) => string;
const required = (t: T): FormRule => ({ required: true, whitespace: true, message: t('application.v.required') });
const emailRule = (t: T): FormRule => ({
  validator: (_, v?: string) =>
    !v || isValidEmail(v) ? Promise.resolve() : Promise.reject(new Error(t('application.v.email'))),
});
const urlRule = (t: T): FormRule => ({
  validator: (_, v?: string) =>
    !v || isValidUrl(v) ? Promise.resolve() : Promise.reject(new Error(t('application.v.url'))),
});
const phoneRule = (areaCode: () => string | undefined, t: T): FormRule => ({
  validator: (_, v?: string) => {
    if (!v) return Promise.resolve();
    if (!areaCode() || !AREA_CODE_RE.test(areaCode() ?? '')) {
      return Promise.reject(new Error(t('application.v.phoneRegion')));
    }
    return PHONE_RE.test(normalizePhone(v)) ? Promise.resolve() : Promise.reject(new Error(t('application.v.phone')));
  },
});
// Start and end dates of an education or job row; the end may not come before the start.
function PeriodCols({ form, section, i }: { form: FormInstance; section: 'educations' | 'jobs'; i: number }) {
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

function UcasCount({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const rows = (Form.useWatch('targetSchools', form) ?? []) as { ucasCode?: string }[];
  const n = rows.filter((r) => r?.ucasCode).length;
  return <Typography.Text type={n > 5 ? 'danger' : 'secondary'}>{t('application.ucasCount', { n })}</Typography.Text>;
}

function RowsSection({
  section,
  form,
  extra,
  children,
}: {
  section: Section;
  form: FormInstance;
  extra?: ReactNode;
  children: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  void form;
  return (
    <Form.List name={section}>
      {(fields, { add, remove }) => (
        <Card
          title={t(`application.section.${section}`)}
          style={{ marginBottom: 16 }}
          data-testid={`section-${section}`}
          extra={
            <Space>
              {extra}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ ...EMPTY_ROW[section] })}
                data-testid={`add-${section}`}
              >
                {t('application.addRow')}
              </Button>
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
      )}
    </Form.List>
  );
}

function PersonalSection({
  form,
  teacherOptions,
}: {
  form: FormInstance;
  teacherOptions: { value: number; label: string }[] | undefined;
}) {
  const { t } = useTranslation();
  const text = (name: string, max: number, md = 6, rules: FormRule[] = []) => (
    <Col xs={24} md={md} key={name}>
      <Form.Item name={name} label={t(`application.f.${name}`)} rules={rules}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );
  const date = (name: string, rules: FormRule[] = [], deps: string[] = []) => (
    <Col xs={24} md={6} key={name}>
      <Form.Item name={name} label={t(`application.f.${name}`)} {...dateItem} rules={rules} dependencies={deps}>
        <DateInput />
      </Form.Item>
    </Col>
  );
  const contactRule: FormRule = {
    validator: () =>
      form.getFieldValue('email') || form.getFieldValue('mobile')
        ? Promise.resolve()
        : Promise.reject(new Error(t('application.v.contact'))),
  };
  const expiryRule: FormRule = {
    validator: (_, v?: string) => {
      const issued = form.getFieldValue('passportIssueDate') as string | undefined;
      return !v || !issued || issued < v ? Promise.resolve() : Promise.reject(new Error(t('application.v.expiry')));
    },
  };
  return (
    <>
      <Typography.Title level={5}>{t('application.section.personal')}</Typography.Title>
      <Row gutter={16}>
        {text('name', 100, 6, [required(t)])}
        {text('engLastName', 60)}
        {text('engFirstName', 60)}
        {text('formerName', 100)}
        <Col xs={24} md={6}>
          <Form.Item name="gender" label={t('application.f.gender')}>
            <DictSelect type={APPLICATION_DICT.gender} />
          </Form.Item>
        </Col>
        {date('birthday')}
        {text('birthplace', 100)}
        {text('nationality', 60)}
        {text('religion', 60)}
        {text('passportNo', 32)}
        {text('passportIssuePlace', 100)}
        {date('passportIssueDate')}
        {date('passportExpiryDate', [expiryRule], ['passportIssueDate'])}
        <Col xs={24} md={8}>
          <Form.Item label={t('application.f.mobile')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="areaCode" noStyle>
                <AreaCodeSelect />
              </Form.Item>
              <Form.Item
                name="mobile"
                noStyle
                dependencies={['areaCode']}
                rules={[phoneRule(() => form.getFieldValue('areaCode') as string, t)]}
              >
                <Input maxLength={20} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
        {text('landline', 30, 4)}
        <Col xs={24} md={6}>
          <Form.Item
            name="email"
            label={t('application.f.email')}
            dependencies={['mobile']}
            rules={[emailRule(t), contactRule]}
          >
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        {text('addressLine1', 200, 12)}
        {text('addressLine2', 200, 12)}
        {text('city', 100)}
        {text('country', 100)}
        {text('postcode', 20)}
        {date('applicationDate')}
        <Col xs={24} md={6}>
          <Form.Item name="status" label={t('application.f.status')} rules={[required(t)]}>
            <DictSelect type={APPLICATION_DICT.status} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="signingTeacherId" label={t('application.signingTeacher')}>
            <Select allowClear showSearch optionFilterProp="label" options={teacherOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="followTeacherId" label={t('application.followTeacher')}>
            <Select allowClear showSearch optionFilterProp="label" options={teacherOptions} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
