import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { MerchantUpdateInput } from '@study-crm/shared';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../components/form/useConfirm';
import { useAuthImage } from '../../components/useAuthImage';
import { useMerchant, useMerchantLogo, useMerchantUpdate } from './api';
import { NameFields } from '../../components/crud/FormFields';
import { toast } from '../../lib/feedback';

type Values = Omit<MerchantUpdateInput, 'version'>;

// The merchant record (COM, spec section 9): the display name in three languages, the logo and the contact e-mail,
// shown on the login page.
export default function MerchantSettings() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const merchant = useMerchant();
  const save = useMerchantUpdate();
  const logo = useMerchantLogo();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const m = merchant.data;
  // The logo is served through the wire contract (appId, sign), so it is fetched rather than linked.
  const logoSrc = useAuthImage(m?.logo);

  useEffect(() => {
    if (m)
      form.setFieldsValue({
        nameTw: m.nameTw,
        nameCn: m.nameCn,
        nameEn: m.nameEn,
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
        toast.success(t('crud.saved'));
      } catch (err) {
        if (err instanceof ApiError) setError(err.message);
      }
    });
  };

  return (
    <Card title={t('content.merchant.title')} data-testid="merchant-settings" style={{ maxWidth: 720 }}>
      {!m ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical">
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
          <Form.Item label={t('content.merchant.code')}>
            <Input value={m.code} disabled aria-label={t('content.merchant.code')} />
          </Form.Item>
          <NameFields strings="content.merchant" max={100} testId="merchant-f" />
          <Form.Item label={t('content.merchant.logo')} extra={t('content.merchant.logoHint')}>
            <Space align="center" size={16} wrap>
              {logoSrc ? (
                <img
                  src={logoSrc}
                  alt={t('content.merchant.logo')}
                  style={{ maxHeight: 48, maxWidth: 160 }}
                  data-testid="merchant-logo"
                />
              ) : (
                <Typography.Text type="secondary">{t('content.merchant.noLogo')}</Typography.Text>
              )}
              <Upload
                accept="image/png,image/jpeg,image/gif"
                showUploadList={false}
                beforeUpload={(file) => {
                  logo.upload.mutate(file, { onSuccess: () => toast.success(t('content.merchant.logoSaved')) });
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={logo.upload.isPending} data-testid="merchant-logo-upload">
                  {t('content.merchant.logoUpload')}
                </Button>
              </Upload>
              {m.logo && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  loading={logo.remove.isPending}
                  onClick={() => confirm(t('content.merchant.logoRemoveConfirm'), () => logo.remove.mutateAsync())}
                  data-testid="merchant-logo-remove"
                >
                  {t('content.merchant.logoRemove')}
                </Button>
              )}
            </Space>
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
