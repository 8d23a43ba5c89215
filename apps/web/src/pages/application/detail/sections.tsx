import { useTranslation } from 'react-i18next';
import { Card, Col, Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import { APPLICATION_DICT } from '@study-crm/shared';
import { DictSelect } from '../../../components/dict';
import { emailRule, mobileRule, urlRule } from '../../../components/form/rules';
import { AreaCodeSelect, DateInput, FlagInput, ScoreInput, dateItem, flagItem } from '../fields';
import { LEN, TARGET_SCHOOLS_MAX } from './formValues';
import { PeriodCols, RowField, RowsSection, TextFields, UcasCount } from './RowsSection';

export function EducationSection({ form }: { form: FormInstance }) {
  const len = LEN.educations;
  return (
    <RowsSection section="educations">
      {(i) => (
        <>
          <PeriodCols form={form} section="educations" i={i} />
          <RowField i={i} name="school" md={12} required>
            <Input maxLength={len.school} />
          </RowField>
          <TextFields i={i} names={['location', 'major', 'attainment', 'gpa']} md={6} len={len} />
        </>
      )}
    </RowsSection>
  );
}

export function JobSection({ form }: { form: FormInstance }) {
  const len = LEN.jobs;
  return (
    <RowsSection section="jobs">
      {(i) => (
        <>
          <PeriodCols form={form} section="jobs" i={i} />
          <RowField i={i} name="unitName" md={6} required>
            <Input maxLength={len.unitName} />
          </RowField>
          <RowField i={i} name="title" label="jobTitle" md={6}>
            <Input maxLength={len.title} />
          </RowField>
          <RowField i={i} name="content">
            <Input.TextArea rows={2} maxLength={len.content} />
          </RowField>
        </>
      )}
    </RowsSection>
  );
}

export function LanguageScoreSection() {
  const len = LEN.languageScores;
  return (
    <RowsSection section="languageScores">
      {(i) => (
        <>
          <RowField i={i} name="testType" md={6} required>
            <DictSelect type={APPLICATION_DICT.languageTestType} allowClear={false} />
          </RowField>
          <RowField i={i} name="testName" md={6}>
            <Input maxLength={len.testName} />
          </RowField>
          <RowField i={i} name="testDate" md={6} item={dateItem}>
            <DateInput />
          </RowField>
          {(['futureBooking', 'isUkvi'] as const).map((name) => (
            <RowField key={name} i={i} name={name} xs={12} md={3} item={flagItem}>
              <FlagInput />
            </RowField>
          ))}
          <TextFields i={i} names={['registrationNo', 'candidateId', 'reportFormNo']} md={8} len={len} />
          {(['listening', 'reading', 'writing', 'speaking', 'total'] as const).map((name) => (
            <RowField key={name} i={i} name={name} xs={12} md={4}>
              <ScoreInput />
            </RowField>
          ))}
        </>
      )}
    </RowsSection>
  );
}

export function ReferrerSection({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const len = LEN.referrers;
  return (
    <RowsSection section="referrers">
      {(i) => (
        <>
          <RowField i={i} name="lastName" md={6} required>
            <Input maxLength={len.lastName} />
          </RowField>
          <RowField i={i} name="firstName" md={6}>
            <Input maxLength={len.firstName} />
          </RowField>
          <RowField i={i} name="gender" md={6}>
            <DictSelect type={APPLICATION_DICT.gender} />
          </RowField>
          <RowField i={i} name="webPush" md={6} item={flagItem}>
            <FlagInput />
          </RowField>
          <Col xs={24} md={8}>
            <Form.Item label={t('application.f.mobile')} required={false}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name={[i, 'areaCode']} noStyle>
                  <AreaCodeSelect aria-label={t('application.f.areaCode')} />
                </Form.Item>
                <Form.Item
                  name={[i, 'mobile']}
                  noStyle
                  rules={[
                    mobileRule(() => form.getFieldValue(['referrers', i, 'areaCode']) as string | undefined, {
                      region: t('application.v.phoneRegion'),
                      invalid: t('application.v.phone'),
                    }),
                  ]}
                >
                  <Input maxLength={len.mobile} aria-label={t('application.f.mobile')} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <RowField i={i} name="email" md={8} item={{ rules: [emailRule(t('application.v.email'))] }}>
            <Input maxLength={len.email} />
          </RowField>
          <TextFields i={i} names={['position', 'unit']} md={8} len={len} />
          <RowField i={i} name="address" md={10}>
            <Input maxLength={len.address} />
          </RowField>
          <RowField i={i} name="postcode" md={6}>
            <Input maxLength={len.postcode} />
          </RowField>
        </>
      )}
    </RowsSection>
  );
}

export function TargetSchoolSection({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const len = LEN.targetSchools;
  return (
    <RowsSection section="targetSchools" extra={<UcasCount form={form} />} max={TARGET_SCHOOLS_MAX}>
      {(i) => (
        <>
          <RowField i={i} name="school" md={8} required>
            <Input maxLength={len.school} />
          </RowField>
          <RowField i={i} name="major" md={8}>
            <Input maxLength={len.major} />
          </RowField>
          <RowField i={i} name="ucasCode" xs={12} md={4}>
            <Input maxLength={len.ucasCode} />
          </RowField>
          <RowField i={i} name="applicationDate" label="applyDate" xs={12} md={4} item={dateItem}>
            <DateInput />
          </RowField>
          <RowField i={i} name="majorLink" item={{ rules: [urlRule(t('application.v.url'))] }}>
            <Input maxLength={len.majorLink} placeholder="https://" />
          </RowField>
        </>
      )}
    </RowsSection>
  );
}

export function NotesSection() {
  const { t } = useTranslation();
  return (
    <Card title={t('application.section.notes')} style={{ marginBottom: 16 }}>
      <Form.Item name="importantNotes">
        <Input.TextArea
          rows={4}
          maxLength={LEN.personal.importantNotes}
          showCount
          aria-label={t('application.section.notes')}
        />
      </Form.Item>
    </Card>
  );
}
