import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Space } from 'antd';
import { VERIFY_RESEND_SECONDS } from '@study-crm/shared';
import { ApiError } from '../../api/client';
import { useCountdown } from '../../components/form/useCountdown';
import { toast } from '../../lib/feedback';

// A 6-digit code field with its send button, which counts the 60-second resend interval down after a send.
// `send` validates what the code goes to and asks the server for the code; refusals arrive as toasts, except
// the silent codes (5402/5403), shown here.
export function CodeField(props: { name: string; label: string; send: () => Promise<unknown>; testId: string }) {
  const { t } = useTranslation();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const onSend = async () => {
    setSending(true);
    try {
      await props.send();
      start(VERIFY_RESEND_SECONDS);
      toast.success(t('bind.codeSent'));
    } catch (err) {
      if (err instanceof ApiError && (err.code === 5402 || err.code === 5403)) toast.error(err.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={props.label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={props.name}
          noStyle
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('bind.codeFormat') }]}
        >
          <Input
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="000000"
            data-testid={`${props.testId}-input`}
          />
        </Form.Item>
        <Button onClick={onSend} loading={sending} disabled={left > 0} data-testid={`${props.testId}-send`}>
          {left > 0 ? t('bind.resendIn', { seconds: left }) : t('bind.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
