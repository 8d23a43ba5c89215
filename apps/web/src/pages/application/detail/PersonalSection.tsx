import { useTranslation } from 'react-i18next';
import { Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { APPLICATION_DICT } from '@study-crm/shared';
import { DictSelect } from '../../../components/dict';
import { emailRule, mobileRule, requiredRule } from '../../../components/form/rules';
import { AreaCodeSelect, DateInput, dateItem } from '../fields';
import type { AppResources } from '../../../locales/types';
import { LEN } from './formValues';

// Fields with a label string (the rows and ids of the personal shape have none).
type Field = keyof typeof LEN.personal & keyof AppResources['application']['f'];

// The student's own fields: names, passport, contact, address, status and teachers.
export function PersonalSection({
  form,
  teacherOptions,
}: {
  form: FormInstance;
  teacherOptions: { value: number; label: string }[] | undefined;
}) {
  const { t } = useTranslation();
  const required = requiredRule(t('application.v.required'));
  const text = (name: Field, md = 6, rules: FormRule[] = []) => (
    <Col xs={24} md={md} key={name}>
      <Form.Item name={name} label={t(`application.f.${name}`)} rules={rules}>
        <Input maxLength={LEN.personal[name]} />
      </Form.Item>
    </Col>
  );
  const date = (name: Field, rules: FormRule[] = [], deps: string[] = []) => (
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
        {text('name', 6, [required])}
        {text('engLastName')}
        {text('engFirstName')}
        {text('formerName')}
        <Col xs={24} md={6}>
          <Form.Item name="gender" label={t('application.f.gender')}>
            <DictSelect type={APPLICATION_DICT.gender} />
          </Form.Item>
        </Col>
        {date('birthday')}
        {text('birthplace')}
        {text('nationality')}
        {text('religion')}
        {text('passportNo')}
        {text('passportIssuePlace')}
        {date('passportIssueDate')}
        {date('passportExpiryDate', [expiryRule], ['passportIssueDate'])}
        <Col xs={24} md={8}>
          <Form.Item label={t('application.f.mobile')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="areaCode" noStyle>
                <AreaCodeSelect aria-label={t('application.f.areaCode')} />
              </Form.Item>
              <Form.Item
                name="mobile"
                noStyle
                dependencies={['areaCode']}
                rules={[
                  mobileRule(() => form.getFieldValue('areaCode') as string | undefined, {
                    region: t('application.v.phoneRegion'),
                    invalid: t('application.v.phone'),
                  }),
                ]}
              >
                <Input maxLength={LEN.personal.mobile} aria-label={t('application.f.mobile')} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
        {text('landline', 4)}
        <Col xs={24} md={6}>
          <Form.Item
            name="email"
            label={t('application.f.email')}
            dependencies={['mobile']}
            rules={[emailRule(t('application.v.email')), contactRule]}
          >
            <Input maxLength={LEN.personal.email} />
          </Form.Item>
        </Col>
        {text('addressLine1', 12)}
        {text('addressLine2', 12)}
        {text('city')}
        {text('country')}
        {text('postcode')}
        {date('applicationDate')}
        <Col xs={24} md={6}>
          <Form.Item name="status" label={t('application.f.status')} rules={[required]}>
            <DictSelect type={APPLICATION_DICT.status} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="signingTeacherId" label={t('application.signingTeacher')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={teacherOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="followTeacherId" label={t('application.followTeacher')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={teacherOptions} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
