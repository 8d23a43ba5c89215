import type { ReactNode } from 'react';
import { DatePicker, Form, Radio, Space } from 'antd';
import dayjs from 'dayjs';

type Props = {
  // Test ids <name>-when, <name>-when-later and <name>-send-at.
  name: string;
  label: string;
  now: string;
  later: string;
  // The message when "later" has no time.
  required: string;
  // What stands beside the picker while it is shown (the e-mail's time-zone note).
  note?: ReactNode;
};

// When something is sent (an e-mail, an SMS batch): now, or at a time from today on, picked to the minute. The form's
// fields are `when` ('now' | 'later') and `sendAt` (a Dayjs, asked for only with "later").
export function SendTimeField({ name, label, now, later, required, note }: Props) {
  const when = Form.useWatch<'now' | 'later' | undefined>('when');
  return (
    <Form.Item label={label} required>
      <Space wrap>
        <Form.Item name="when" noStyle>
          <Radio.Group data-testid={`${name}-when`}>
            <Radio.Button value="now">{now}</Radio.Button>
            <Radio.Button value="later" data-testid={`${name}-when-later`}>
              {later}
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
        {when === 'later' && (
          <>
            <Form.Item name="sendAt" noStyle rules={[{ required: true, message: required }]}>
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
