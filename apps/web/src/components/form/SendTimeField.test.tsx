import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import i18n from '../../i18n';
import type { SendTimeStrings } from '../crud/strings';
import { SendTimeField } from './SendTimeField';

afterEach(cleanup);

type Values = { when: 'now' | 'later'; sendAt?: unknown };

// The compose drawers' "send time" (e-mail and SMS): the picker and its note only for "later", where a time is asked.
describe('SendTimeField', () => {
  // A group of the field's four strings (the screens' own live in their page folders).
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
    const group = { sendTime: 'Send time', sendNow: 'Now', sendLater: 'Later', sendAtRequired: 'Pick a time' };
    i18n.addResourceBundle('en-US', 'translation', { sendTimeTest: group }, true, false);
  });

  function draw() {
    let form!: FormInstance<Values>;
    function Host() {
      const [f] = Form.useForm<Values>();
      form = f;
      return (
        <Form form={f} initialValues={{ when: 'now' }}>
          <SendTimeField
            name="mail"
            strings={'sendTimeTest' as SendTimeStrings}
            note={<span data-testid="mail-note">Time zone: UTC</span>}
          />
        </Form>
      );
    }
    const view = render(<Host />);
    return { ...view, form: () => form };
  }

  it('shows the picker and the note only once "later" is chosen', async () => {
    const { queryByTestId, getByTestId, getByText } = draw();
    expect(getByTestId('mail-when')).toBeTruthy();
    expect(getByText('Send time')).toBeTruthy();
    expect(queryByTestId('mail-send-at')).toBeNull();
    expect(queryByTestId('mail-note')).toBeNull();
    fireEvent.click(getByText('Later'));
    await waitFor(() => expect(queryByTestId('mail-send-at')).not.toBeNull());
    expect(getByTestId('mail-note').textContent).toBe('Time zone: UTC');
    fireEvent.click(getByText('Now'));
    await waitFor(() => expect(queryByTestId('mail-send-at')).toBeNull());
  });

  it('asks for a time with "later", and for none with "now"', async () => {
    const { getByText, findByText, queryByTestId, form } = draw();
    await expect(form().validateFields()).resolves.toEqual({ when: 'now' });
    fireEvent.click(getByText('Later'));
    await waitFor(() => expect(form().getFieldValue('when')).toBe('later'));
    // The time field is drawn (and so registered with the form) a render after the choice: validating before it
    // passed on a loaded CI machine.
    await waitFor(() => expect(queryByTestId('mail-send-at')).not.toBeNull());
    await act(async () => {
      await expect(form().validateFields()).rejects.toMatchObject({
        errorFields: [{ name: ['sendAt'], errors: ['Pick a time'] }],
      });
    });
    expect(await findByText('Pick a time')).toBeTruthy();
  });
});
