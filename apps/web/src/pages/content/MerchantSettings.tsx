import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { Merchant, MerchantUpdateInput } from '@study-crm/shared';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../components/form/useConfirm';
import { useAuthImage } from '../../components/useAuthImage';
import { useMerchant, useMerchantLogo, useMerchantUpdate } from './api';
import { NameFields } from '../../components/crud/FormFields';
import { toast } from '../../lib/feedback';

type Values = Omit<MerchantUpdateInput, 'version'>;
const FIELDS = ['nameTw', 'nameCn', 'nameEn', 'contactEmail'] as const;

// The merchant record (COM, spec section 9): the display name in three languages, the logo and the contact e-mail,
// shown on the login page.
export default function MerchantSettings() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const merchant = useMerchant();
  const queryClient = useQueryClient();
  const save = useMerchantUpdate();
  const logo = useMerchantLogo();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const m = merchant.data;
  // The logo is served through the wire contract (appId, sign), so it is fetched rather than linked.
  const logoSrc = useAuthImage(m?.logo);

  // The version the form was filled from, sent with its save. The merchant read again (after a logo upload or
  // removal, or a save elsewhere) refills the form only while it holds no edits: typed names and e-mail are kept, and
  // after a save made meanwhile by someone else this one is refused (409) rather than overwriting it. One's own logo
  // change moves the version on when nothing else was saved in between.
  const base = useRef<number | null>(null);
  const fill = useCallback(
    (v: Merchant) => {
      form.setFields(FIELDS.map((name) => ({ name, value: v[name], touched: false })));
      base.current = v.version;
    },
    [form],
  );
  useEffect(() => {
    if (m && (base.current === null || !form.isFieldsTouched())) fill(m);
  }, [m, form, fill]);
  const logoSaved = (next: Merchant) => {
    if (base.current !== null && next.version === base.current + 1) base.current = next.version;
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !m) return;
    confirm(t('crud.saveConfirm'), async () => {
      setError(null);
      try {
        const saved = await save.mutateAsync({ ...values, version: base.current ?? m.version });
        // Saved, the form holds no edits: it shows the record as saved, or as read since when that is newer.
        const read = queryClient.getQueryData<Merchant>(['merchant']);
        fill(read && read.version > saved.version ? read : saved);
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
                  logo.upload.mutate(file, {
                    onSuccess: (next) => {
                      logoSaved(next);
                      toast.success(t('content.merchant.logoSaved'));
                    },
                  });
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
                  onClick={() =>
                    confirm(t('content.merchant.logoRemoveConfirm'), () => logo.remove.mutateAsync().then(logoSaved))
                  }
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
