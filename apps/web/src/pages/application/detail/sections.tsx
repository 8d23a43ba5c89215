import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Card, Col, Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import { APPLICATION_DICT } from '@study-crm/shared';
import { DictSelect } from '../../../components/dict';
import { emailRule, mobileRule, urlRule } from '../../../components/form/rules';
import { AreaCodeSelect, DateInput, FlagInput, ScoreInput, dateItem, flagItem } from '../fields';
import { LEN, TARGET_SCHOOLS_MAX, type Section } from './formValues';
import { PeriodCols, RowField, RowsSection, TextFields, UcasCount } from './RowsSection';
import { ChoiceFields } from './ChoiceFields';

type RowProps = { i: number; form: FormInstance; t: TFunction };

// Each repeated section of the form: the fields of one of its rows, and what its header shows beside "Add row".
const SECTION_ROWS: Record<Section, { fields: (row: RowProps) => ReactNode; max?: number; extra?: typeof UcasCount }> =
  {
    educations: {
      fields: ({ i, form }) => (
        <>
          <PeriodCols form={form} section="educations" i={i} />
          <RowField i={i} name="school" md={12} max={LEN.educations.school} required />
          <TextFields i={i} names={['location', 'major', 'attainment', 'gpa']} md={6} len={LEN.educations} />
        </>
      ),
    },
    jobs: {
      fields: ({ i, form }) => (
        <>
          <PeriodCols form={form} section="jobs" i={i} />
          <RowField i={i} name="unitName" md={6} max={LEN.jobs.unitName} required />
          <RowField i={i} name="title" label="jobTitle" md={6} max={LEN.jobs.title} />
          <RowField i={i} name="content">
            <Input.TextArea rows={2} maxLength={LEN.jobs.content} />
          </RowField>
        </>
      ),
    },
    languageScores: {
      fields: ({ i }) => (
        <>
          <RowField i={i} name="testType" md={6} required>
            <DictSelect type={APPLICATION_DICT.languageTestType} allowClear={false} />
          </RowField>
          <RowField i={i} name="testName" md={6} max={LEN.languageScores.testName} />
          <RowField i={i} name="testDate" md={6} item={dateItem}>
            <DateInput />
          </RowField>
          {(['futureBooking', 'isUkvi'] as const).map((name) => (
            <RowField key={name} i={i} name={name} xs={12} md={3} item={flagItem}>
              <FlagInput />
            </RowField>
          ))}
          <TextFields i={i} names={['registrationNo', 'candidateId', 'reportFormNo']} md={8} len={LEN.languageScores} />
          {(['listening', 'reading', 'writing', 'speaking', 'total'] as const).map((name) => (
            <RowField key={name} i={i} name={name} xs={12} md={4}>
              <ScoreInput />
            </RowField>
          ))}
        </>
      ),
    },
    referrers: {
      fields: ({ i, form, t }) => {
        const len = LEN.referrers;
        return (
          <>
            <RowField i={i} name="lastName" md={6} max={len.lastName} required />
            <RowField i={i} name="firstName" md={6} max={len.firstName} />
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
            <RowField
              i={i}
              name="email"
              md={8}
              item={{ rules: [emailRule(t('application.v.email'))] }}
              max={len.email}
            />
            <TextFields i={i} names={['position', 'unit']} md={8} len={len} />
            <RowField i={i} name="address" md={10} max={len.address} />
            <RowField i={i} name="postcode" md={6} max={len.postcode} />
          </>
        );
      },
    },
    targetSchools: {
      fields: ({ i, t }) => (
        <>
          <RowField i={i} name="school" md={8} max={LEN.targetSchools.school} required />
          <RowField i={i} name="major" md={8} max={LEN.targetSchools.major} />
          <RowField i={i} name="ucasCode" xs={12} md={4} max={LEN.targetSchools.ucasCode} />
          <RowField i={i} name="applicationDate" label="applyDate" xs={12} md={4} item={dateItem}>
            <DateInput />
          </RowField>
          <RowField i={i} name="majorLink" item={{ rules: [urlRule(t('application.v.url'))] }}>
            <Input maxLength={LEN.targetSchools.majorLink} placeholder="https://" />
          </RowField>
          <ChoiceFields i={i} />
        </>
      ),
      max: TARGET_SCHOOLS_MAX,
      extra: UcasCount,
    },
  };

// One repeated section of the application form (educations, jobs, language scores, referrers, target schools).
export function RepeatedSection({ section, form }: { section: Section; form: FormInstance }) {
  const { t } = useTranslation();
  const { fields, max, extra: Extra } = SECTION_ROWS[section];
  return (
    <RowsSection section={section} extra={Extra && <Extra form={form} />} max={max}>
      {(i) => fields({ i, form, t })}
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
