import { useEffect } from 'react';
import { message, Modal } from 'antd';
import { bindFeedback } from '../lib/feedback';

// antd's message and modal holders inside the app's theme and locale; lib/feedback.ts calls them. A chunk of its own,
// loaded by FeedbackMount.
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    bindFeedback({ message: messageApi, modal: modalApi });
    return () => bindFeedback(undefined);
  }, [messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
