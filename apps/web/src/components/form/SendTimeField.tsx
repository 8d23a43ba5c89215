import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import type { SendTimeStrings } from '../crud/strings';

type Props = {
  // Test ids <name>-when, <name>-when-later and <name>-send-at.
  name: string;
  // The screen's strings: <strings>.sendTime (the label), .sendNow, .sendLater and .sendAtRequired (no time).
  strings: SendTimeStrings;
  // What stands beside the picker while it is shown (the e-mail's time-zone note).
  note?: ReactNode;
};

// When something is sent (an e-mail, an SMS batch): now, or at a time from today on, picked to the minute. The form's
// fields are `when` ('now' | 'later') and `sendAt` (a Dayjs, asked for only with "later").
export function SendTimeField({ name, strings, note }: Props) {
  const { t } = useTranslation();
  const when = Form.useWatch<'now' | 'later' | undefined>('when');
  return (
    <Form.Item label={t(`${strings}.sendTime` as const)} required>
      <Space wrap>
        <Form.Item name="when" noStyle>
          <Radio.Group data-testid={`${name}-when`}>
            <Radio.Button value="now">{t(`${strings}.sendNow` as const)}</Radio.Button>
            <Radio.Button value="later" data-testid={`${name}-when-later`}>
              {t(`${strings}.sendLater` as const)}
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
        {when === 'later' && (
          <>
            <Form.Item
              name="sendAt"
              noStyle
              rules={[{ required: true, message: t(`${strings}.sendAtRequired` as const) }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                data-testid={`${name}-send-at`}
              />
            </Form.Item>
            {note}
          </>
        )}
      </Space>
    </Form.Item>
  );
}
