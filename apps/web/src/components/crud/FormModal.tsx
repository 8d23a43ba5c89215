import { useState, type ReactNode } from 'react';
import { Alert, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useConfirm } from '../form/useConfirm';
import { toast } from '../../lib/feedback';
import { validFields } from '../form/validFields';

type Props<T> = {
  open: boolean;
  // Which record the dialog shows ('new' for an add): opening another record starts a fresh form.
  record: string | number;
  title: string;
  initialValues: Partial<T>;
  // Codes whose server message belongs in the form (e.g. duplicates) rather than a toast.
  inlineCodes: readonly number[];
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
};

// Create/edit dialog: validates, asks for confirmation, saves, shows a refused save inside the form.
// Every opening gets its own form (new instance, values taken at that moment), so a dialog never shows the record
// of the previous opening, whatever the close animation or a quick second click does.
export function FormModal<T>(props: Props<T>) {
  const [session, setSession] = useState({ count: 0, open: false, record: props.record, initial: props.initialValues });
  // Adjusting state while rendering: a new session on each opening and on a change of record while open.
  if (props.open && (!session.open || session.record !== props.record)) {
    setSession({ count: session.count + 1, open: true, record: props.record, initial: props.initialValues });
  } else if (!props.open && session.open) {
    setSession({ ...session, open: false });
  }
  return <FormDialog<T> key={session.count} {...props} initialValues={session.initial} />;
}

function FormDialog<T>({ open, title, initialValues, inlineCodes, onSubmit, onClose, children, testId }: Props<T>) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<T>();
  const [error, setError] = useState<{ headline: string; details: string | null } | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const values = await validFields(form);
    if (!values) return;
    confirm(t('crud.saveConfirm'), async () => {
      setSaving(true);
      setError(null);
      try {
        await onSubmit(values);
        toast.success(t('crud.saved'));
        onClose();
      } catch (err) {
        if (err instanceof ApiError && (inlineCodes.includes(err.code) || err.code === 400 || err.code === 409)) {
          setError({ headline: err.message, details: err.details });
        }
      } finally {
        setSaving(false);
      }
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
      width={600}
      data-testid={testId}
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error.headline}
          description={error.details ? <span className="refusal-details">{error.details}</span> : undefined}
          style={{ marginBottom: 16 }}
          data-testid="form-error"
        />
      ) : null}
      <Form form={form} layout="vertical" initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
