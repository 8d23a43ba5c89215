import { useTranslation } from 'react-i18next';
import { Card, Col, Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import { APPLICATION_DICT } from '@study-crm/shared';
import { DictSelect } from '../../../components/dict';
import { emailRule, mobileRule, requiredRule, urlRule } from '../../../components/form/rules';
import { AreaCodeSelect, DateInput, FlagInput, ScoreInput, dateItem, flagItem } from '../fields';
import { LEN, TARGET_SCHOOLS_MAX } from './formValues';
import { PeriodCols, RowsSection, UcasCount } from './RowsSection';

export function EducationSection({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const len = LEN.educations;
  return (
    <RowsSection section="educations">
      {(i) => (
        <>
          <PeriodCols form={form} section="educations" i={i} />
          <Col xs={24} md={12}>
            <Form.Item
              name={[i, 'school']}
              label={t('application.f.school')}
              rules={[requiredRule(t('application.v.required'))]}
            >
              <Input maxLength={len.school} />
            </Form.Item>
          </Col>
          {(['location', 'major', 'attainment', 'gpa'] as const).map((name) => (
            <Col xs={24} md={6} key={name}>
              <Form.Item name={[i, name]} label={t(`application.f.${name}`)}>
                <Input maxLength={len[name]} />
              </Form.Item>
            </Col>
          ))}
        </>
      )}
    </RowsSection>
  );
}

export function JobSection({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const len = LEN.jobs;
  return (
    <RowsSection section="jobs">
      {(i) => (
        <>
          <PeriodCols form={form} section="jobs" i={i} />
          <Col xs={24} md={6}>
            <Form.Item
              name={[i, 'unitName']}
              label={t('application.f.unitName')}
              rules={[requiredRule(t('application.v.required'))]}
            >
              <Input maxLength={len.unitName} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name={[i, 'title']} label={t('application.f.jobTitle')}>
              <Input maxLength={len.title} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name={[i, 'content']} label={t('application.f.content')}>
              <Input.TextArea rows={2} maxLength={len.content} />
            </Form.Item>
          </Col>
        </>
      )}
    </RowsSection>
  );
}

export function LanguageScoreSection() {
  const { t } = useTranslation();
  const len = LEN.languageScores;
  return (
    <RowsSection section="languageScores">
      {(i) => (
        <>
          <Col xs={24} md={6}>
            <Form.Item
              name={[i, 'testType']}
              label={t('application.f.testType')}
              rules={[requiredRule(t('application.v.required'))]}
            >
              <DictSelect type={APPLICATION_DICT.languageTestType} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name={[i, 'testName']} label={t('application.f.testName')}>
              <Input maxLength={len.testName} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name={[i, 'testDate']} label={t('application.f.testDate')} {...dateItem}>
              <DateInput />
            </Form.Item>
          </Col>
          {(['futureBooking', 'isUkvi'] as const).map((name) => (
            <Col xs={12} md={3} key={name}>
              <Form.Item name={[i, name]} label={t(`application.f.${name}`)} {...flagItem}>
                <FlagInput />
              </Form.Item>
            </Col>
          ))}
          {(['registrationNo', 'candidateId', 'reportFormNo'] as const).map((name) => (
            <Col xs={24} md={8} key={name}>
              <Form.Item name={[i, name]} label={t(`application.f.${name}`)}>
                <Input maxLength={len[name]} />
              </Form.Item>
            </Col>
          ))}
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
  );
}

export function ReferrerSection({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const len = LEN.referrers;
  return (
    <RowsSection section="referrers">
      {(i) => (
        <>
          <Col xs={24} md={6}>
            <Form.Item
              name={[i, 'lastName']}
              label={t('application.f.lastName')}
              rules={[requiredRule(t('application.v.required'))]}
            >
              <Input maxLength={len.lastName} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name={[i, 'firstName']} label={t('application.f.firstName')}>
              <Input maxLength={len.firstName} />
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
          <Col xs={24} md={8}>
            <Form.Item
              name={[i, 'email']}
              label={t('application.f.email')}
              rules={[emailRule(t('application.v.email'))]}
            >
              <Input maxLength={len.email} />
            </Form.Item>
          </Col>
          {(
            [
              ['position', 8],
              ['unit', 8],
              ['address', 10],
              ['postcode', 6],
            ] as const
          ).map(([name, md]) => (
            <Col xs={24} md={md} key={name}>
              <Form.Item name={[i, name]} label={t(`application.f.${name}`)}>
                <Input maxLength={len[name]} />
              </Form.Item>
            </Col>
          ))}
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
          <Col xs={24} md={8}>
            <Form.Item
              name={[i, 'school']}
              label={t('application.f.school')}
              rules={[requiredRule(t('application.v.required'))]}
            >
              <Input maxLength={len.school} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[i, 'major']} label={t('application.f.major')}>
              <Input maxLength={len.major} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name={[i, 'ucasCode']} label={t('application.f.ucasCode')}>
              <Input maxLength={len.ucasCode} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name={[i, 'applicationDate']} label={t('application.f.applyDate')} {...dateItem}>
              <DateInput />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name={[i, 'majorLink']}
              label={t('application.f.majorLink')}
              rules={[urlRule(t('application.v.url'))]}
            >
              <Input maxLength={len.majorLink} placeholder="https://" />
            </Form.Item>
          </Col>
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
