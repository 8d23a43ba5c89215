import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App as AntApp, Button, Card, Form, Input, Skeleton } from 'antd';
import type { MerchantUpdateInput } from '@study-crm/shared';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../components/form/useConfirm';
import { useMerchant, useMerchantUpdate } from './api';

type Values = Omit<MerchantUpdateInput, 'version'>;

// The merchant record (COM, spec section 9): the display name in three languages, the logo and the contact e-mail,
// shown on the login page.
export default function MerchantSettings() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const confirm = useConfirm();
  const merchant = useMerchant();
  const save = useMerchantUpdate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const m = merchant.data;

  useEffect(() => {
    if (m)
      form.setFieldsValue({
        nameTw: m.nameTw,
        nameCn: m.nameCn,
        nameEn: m.nameEn,
        logo: m.logo,
        contactEmail: m.contactEmail,
      });
  }, [m, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !m) return;
    confirm(t('crud.saveConfirm'), async () => {
      setError(null);
      try {
        await save.mutateAsync({ ...values, version: m.version });
        void message.success(t('crud.saved'));
      } catch (err) {
        if (err instanceof ApiError) setError(err.message);
      }
    });
  };
  const required = (field: string) => ({ required: true, whitespace: true, message: t('crud.required', { field }) });

  return (
    <Card title={t('content.merchant.title')} data-testid="merchant-settings" style={{ maxWidth: 720 }}>
      {!m ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical">
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
          <Form.Item label={t('content.merchant.code')}>
            <Input value={m.code} disabled />
          </Form.Item>
          <Form.Item
            name="nameTw"
            label={t('content.merchant.nameTw')}
            rules={[required(t('content.merchant.nameTw'))]}
          >
            <Input maxLength={100} data-testid="merchant-f-nameTw" />
          </Form.Item>
          <Form.Item
            name="nameCn"
            label={t('content.merchant.nameCn')}
            rules={[required(t('content.merchant.nameCn'))]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="nameEn"
            label={t('content.merchant.nameEn')}
            rules={[required(t('content.merchant.nameEn'))]}
          >
            <Input maxLength={100} data-testid="merchant-f-nameEn" />
          </Form.Item>
          <Form.Item name="logo" label={t('content.merchant.logo')} extra={t('content.merchant.logoHint')}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="contactEmail" label={t('content.merchant.contactEmail')}>
            <Input maxLength={120} />
          </Form.Item>
          <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="merchant-save">
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
