import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Modal } from 'antd';
import { linkHref } from './linkHref';

type Props = {
  open: boolean;
  // The link under the cursor, '' when there is none.
  href: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
};

// The e-mail editor's link dialog: the address to link the selected text to (or to insert as a link where nothing is
// selected), and a button to take the link off the text under the cursor.
export default function LinkDialog({ open, href, onApply, onRemove, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ href: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ href });
  }, [open, href, form]);
  const check = (_: unknown, typed?: string) =>
    linkHref(typed ?? '') ? Promise.resolve() : Promise.reject(new Error(t('message.editor.linkInvalid')));

  return (
    <Modal
      open={open}
      title={t('message.editor.link')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        href ? (
          <Button key="remove" danger onClick={onRemove} data-testid="rte-link-remove">
            {t('message.editor.linkRemove')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="apply" type="primary" onClick={() => form.submit()} data-testid="rte-link-apply">
          {t('message.editor.linkApply')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={(v) => onApply(linkHref(v.href)!)}>
        <Form.Item name="href" label={t('message.editor.linkHref')} rules={[{ validator: check }]}>
          <Input autoFocus placeholder="https://" inputMode="url" data-testid="rte-link-href" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
