import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { FieldRow } from '../../components/crud/FormFields';
import {
  IDENTITY_STATUSES,
  MEMBER_STATUSES,
  ACCOUNT_TYPES,
  MEMBER_TYPES,
  MemberAddBody,
  isValidMobile,
  type Member,
} from '@study-crm/shared';
import { emailRule, lengthsOf, mobileRule, requiredWith } from '../../components/form/rules';
import { toastSuccess } from '../../lib/feedback';
import { PasswordFields } from './PasswordFields';
import { useMemberMutations, useRoleOptions, type MemberKind } from './api';
import { useConfirm } from '../../components/form/useConfirm';
import { roleLabel } from '../../lib/format';
import { enumOptions } from '../../components/crud/options';
import { validFields } from '../../components/form/validFields';
import { AREA_CODE_OPTIONS } from '../../components/form/areaCodes';

type Values = {
  email?: string;
  password?: string;
  passwordConfirm?: string;
  areaCode?: string;
  mobile?: string;
  roleIds: number[];
  engLastName?: string;
  engFirstName?: string;
  fullName?: string;
  nickName?: string;
  status: Member['status'];
  identityStatus: Member['identityStatus'];
  memberType: Member['memberType'];
};

// Input lengths from the shared schema the server checks.
const LEN = lengthsOf(MemberAddBody.shape);

// The optional name fields, in the order the form shows them.
const NAMES = ['engLastName', 'engFirstName', 'fullName', 'nickName'] as const;
type NameField = (typeof NAMES)[number];

// The name fields of a member or the form's values, a missing one as `blank`.
const namesOf = <B,>(from: Partial<Record<NameField, string | null>>, blank: B) =>
  Object.fromEntries(NAMES.map((name) => [name, from[name] ?? blank])) as Record<NameField, string | B>;

// Add (member undefined) or edit an account of any type, with the server's rules checked before sending.
// The account list (kind 'account') uses the same form without roles; its member type is student or parent.
export function MemberForm({
  member,
  open,
  onClose,
  kind = 'staff',
}: {
  member?: Member | undefined;
  open: boolean;
  onClose: () => void;
  kind?: MemberKind;
}) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<Values>();
  const isStaffList = kind === 'staff';
  const roles = useRoleOptions(isStaffList);
  const { add, update } = useMemberMutations(kind);
  const isEdit = Boolean(member);
  const memberType = Form.useWatch('memberType', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      member
        ? {
            email: member.email ?? '',
            areaCode: member.areaCode ?? undefined,
            mobile: member.mobile ?? undefined,
            roleIds: member.roles.map((r) => r.id),
            ...namesOf(member, undefined),
            status: member.status,
            identityStatus: member.identityStatus,
            memberType: member.memberType,
          }
        : {
            status: 'active',
            identityStatus: 'unverified',
            memberType: isStaffList ? 'staff' : 'student',
            roleIds: [],
            areaCode: '852',
          },
    );
  }, [open, member, form, isStaffList]);

  async function save(values: Values) {
    const body = {
      email: values.email?.trim() || null,
      areaCode: values.mobile ? (values.areaCode ?? null) : null,
      mobile: values.mobile?.trim() || null,
      memberType: values.memberType,
      ...(isStaffList ? { roleIds: values.roleIds.join(',') } : {}),
      ...namesOf(values, null),
      status: values.status,
      identityStatus: values.identityStatus,
    };
    const env = member
      ? await update.mutateAsync({ ...body, id: member.id })
      : await add.mutateAsync({ ...body, password: values.password ?? '' });
    if (env.meta.code === 5403) form.setFields([{ name: 'email', errors: [env.meta.message] }]);
    else if (env.meta.code === 5402) form.setFields([{ name: 'mobile', errors: [env.meta.message] }]);
    else if (env.meta.code === 200) {
      toastSuccess(t('employee.saved'));
      onClose();
    }
  }

  async function submit() {
    const values = await validFields(form);
    if (!values) return;
    confirm(t('employee.confirmSave'), () => save(values));
  }

  const required = { required: true, message: t('employee.rule.required') };
  return (
    <Modal
      open={open}
      title={
        isStaffList
          ? t(isEdit ? 'employee.editTitle' : 'employee.addTitle')
          : t(isEdit ? 'employee.accountEditTitle' : 'employee.accountAddTitle')
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      width={720}
      destroyOnHidden
      data-testid="member-form"
    >
      <Form form={form} layout="vertical" requiredMark autoComplete="off">
        <FieldRow spans={[12, 4, 8]}>
          <Form.Item
            name="email"
            label={t('employee.field.email')}
            rules={[
              // The first administrator is seeded without an e-mail: editing may leave it empty.
              { required: !isEdit, message: t('employee.rule.required') },
              emailRule(t('employee.rule.email')),
            ]}
          >
            <Input maxLength={LEN.email} />
          </Form.Item>
          <Form.Item
            name="areaCode"
            label={t('employee.field.areaCode')}
            dependencies={['mobile']}
            rules={[requiredWith('mobile', t('employee.rule.areaCode'))]}
          >
            <Select
              options={AREA_CODE_OPTIONS}
              showSearch={{ optionFilterProp: 'label' }}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
          <Form.Item
            name="mobile"
            label={t('employee.field.mobile')}
            dependencies={['areaCode']}
            rules={[
              ({ getFieldValue }) =>
                mobileRule(
                  () => getFieldValue('areaCode') as string | undefined,
                  { invalid: t('employee.rule.mobile') },
                  isValidMobile,
                ),
            ]}
          >
            <Input maxLength={20} />
          </Form.Item>
        </FieldRow>
        {!isEdit && (
          <Row gutter={16}>
            <PasswordFields frame={(field) => <Col span={12}>{field}</Col>} />
          </Row>
        )}
        <FieldRow spans={[12, 12, 12, 12]}>
          {NAMES.map((name) => (
            <Form.Item key={name} name={name} label={t(`employee.field.${name}`)}>
              <Input maxLength={LEN[name]} />
            </Form.Item>
          ))}
        </FieldRow>
        {isStaffList && (
          <Form.Item
            name="roleIds"
            label={t('employee.field.roles')}
            dependencies={['memberType']}
            rules={[
              {
                validator: (_, v: number[] | undefined) =>
                  memberType !== 'staff' || (v && v.length)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('employee.rule.roles'))),
              },
            ]}
            required={memberType === 'staff'}
          >
            <Select
              mode="multiple"
              loading={roles.isLoading}
              options={(roles.data ?? []).map((r) => ({
                value: r.id,
                label: `${roleLabel(r, i18n.language)} (${r.name})`,
              }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        )}
        <FieldRow>
          <Form.Item name="memberType" label={t('employee.field.memberType')} rules={[required]}>
            <Radio.Group
              optionType="button"
              options={(isStaffList ? MEMBER_TYPES : ACCOUNT_TYPES).map((v) => ({
                value: v,
                label: t(`employee.memberType.${v}`),
              }))}
              data-testid="member-type"
            />
          </Form.Item>
          <Form.Item name="status" label={t('employee.field.status')} rules={[required]}>
            <Radio.Group optionType="button" options={enumOptions(MEMBER_STATUSES, (v) => t(`employee.status.${v}`))} />
          </Form.Item>
          <Form.Item name="identityStatus" label={t('employee.field.identityStatus')} rules={[required]}>
            <Radio.Group
              optionType="button"
              options={enumOptions(IDENTITY_STATUSES, (v) => t(`employee.identityStatus.${v}`))}
            />
          </Form.Item>
        </FieldRow>
      </Form>
    </Modal>
  );
}
