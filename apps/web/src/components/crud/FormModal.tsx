import { useState, type ReactNode } from 'react';
import { Alert, App as AntApp, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';

type Props<T> = {
  open: boolean;
  title: string;
  form: FormInstance<T>;
  initialValues: Partial<T>;
  // Codes whose server message belongs in the form (e.g. duplicates) rather than a toast.
  inlineCodes: readonly number[];
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
};

// Create/edit dialog: validates, asks for confirmation, saves, shows a refused save inside the form.
export function FormModal<T>({
  open,
  title,
  form,
  initialValues,
  inlineCodes,
  onSubmit,
  onClose,
  children,
  testId,
}: Props<T>) {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: t('systemSetup.common.saveConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setSaving(true);
        setError(null);
        try {
          await onSubmit(values);
          void message.success(t('systemSetup.common.saved'));
          onClose();
        } catch (err) {
          if (err instanceof ApiError && (inlineCodes.includes(err.code) || err.code === 400)) setError(err.message);
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={save}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={(visible) => !visible && setError(null)}
      width={600}
      data-testid={testId}
    >
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />
      ) : null}
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
