import { useEffect, useMemo } from 'react';
import { message, Modal } from 'antd';
import { bindFeedback } from '../lib/feedback';
import { withOkFocus } from './confirmFocus';

// antd's message and modal holders inside the app's theme and locale; lib/feedback.ts calls them. A chunk of its own,
// loaded by FeedbackMount.
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  const modal = useMemo(() => withOkFocus(modalApi), [modalApi]);
  useEffect(() => {
    bindFeedback({ message: messageApi, modal });
    return () => bindFeedback(undefined);
  }, [messageApi, modal]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
