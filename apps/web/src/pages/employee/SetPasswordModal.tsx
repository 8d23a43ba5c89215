import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Modal } from 'antd';
import type { Member } from '@study-crm/shared';
import { toastSuccess } from '../../lib/feedback';
import { PasswordFields } from './PasswordFields';
import { useMemberMutations, type MemberKind } from './api';
import { useConfirm } from '../../components/form/useConfirm';
import { validFields } from '../../components/form/validFields';

type Values = { password: string; passwordConfirm: string };

// New password typed twice, then confirmed (spec section 5: confirmation before a password change).
export function SetPasswordModal({
  member,
  onClose,
  kind = 'staff',
}: {
  member: Member | undefined;
  onClose: () => void;
  kind?: MemberKind;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<Values>();
  const { setPassword } = useMemberMutations(kind);

  useEffect(() => {
    if (member) form.resetFields();
  }, [member, form]);

  async function submit() {
    if (!member) return;
    const values = await validFields(form);
    if (!values) return;
    confirm(t('employee.confirmPassword', { name: member.displayName }), async () => {
      const env = await setPassword.mutateAsync({ id: member.id, password: values.password });
      if (env.meta.code === 200) {
        toastSuccess(t('employee.passwordSet'));
        onClose();
      }
    });
  }

  return (
    <Modal
      open={Boolean(member)}
      title={`${t('employee.setPassword')} · ${member?.displayName ?? ''}`}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={setPassword.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <PasswordFields />
      </Form>
    </Modal>
  );
}
