import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { IconButton } from '../../components/IconButton';
import { useSettings } from '../../stores/settings';
import { lazyScreen } from '../lazyScreen';

// The panel and its strings load on the first opening: the login page and the first screen do not carry them.
const AssistantPanel = lazyScreen(
  () => import('../../pages/assistant/AssistantPanel'),
  () => import('../../pages/assistant/locale'),
);

// The navbar's XiaoK button (every screen): opens the assistant's panel and counts the openings (clickChatNum,
// spec section 3).
export function AssistantButton() {
  const { t } = useTranslation();
  const countOpening = useSettings((s) => s.countChatOpening);
  const [open, setOpen] = useState(false);
  const [isLoaded, setLoaded] = useState(false);

  return (
    <>
      <Tooltip title={t('frame.assistant')}>
        <IconButton
          icon={<RobotOutlined />}
          label={t('frame.assistant')}
          testId="xiaok-open"
          onClick={() => {
            countOpening();
            setLoaded(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {isLoaded && (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
