import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal } from 'antd';
import { memberApi } from '@study-crm/shared';
import dayjs from 'dayjs';
import { setSessionLimits } from '../../api/activity';
import type { SessionPhase } from './sessionPhase';
import { call } from '../../api/call';
import { showExpiredDialog } from '../../api/client';
import { registerBundle } from '../../i18n';
import { toast } from '../../lib/feedback';
import { sessionExpiry } from '../../locales/sessionExpiry';
import { LOGIN_PATH } from '../../paths';
import { useSession } from '../../stores/session';
import { queryClient } from '../queryClient';

registerBundle(sessionExpiry);

const BODY_ID = 'session-expiry-text';

type Warning = Extract<SessionPhase, { kind: 'idleWarning' | 'endWarning' }>;

// "4:05": minutes and seconds left.
const clockText = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

// The seconds left, drawn again every second.
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

// The warnings of app/layout/SessionExpiry.tsx: the idle one asks whether to stay signed in (a call the server counts
// as activity puts the end off), the fixed end's tells when it comes. A dialog described by its text, the focus on its
// main answer (Stay signed in, OK).
export default function SessionExpiryDialog({
  phase,
  onEndNoticeClosed,
}: {
  phase: Warning;
  onEndNoticeClosed: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useSession((s) => s.logout);
  const now = useNow();
  const [busy, setBusy] = useState(false);

  const stay = async () => {
    setBusy(true);
    const res = await call(memberApi.profile, undefined, { quiet: true }).catch(() => null);
    setBusy(false);
    // The call itself was the activity (api/activity.ts): the frame's next look finds the session active again.
    if (res?.meta.code === 200) setSessionLimits(res.data.session);
    // The session has ended after all: sign in again.
    else if (res?.meta.code === 401) showExpiredDialog();
    // The server was not reached (offline, a restart): the warning stays, to try again while time is left.
    else toast.error(t('sessionExpiry.stayFailed'));
  };
  const signOut = async () => {
    setBusy(true);
    await logout();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  };

  const idle = phase.kind === 'idleWarning';
  // The dialog is described by its text, so a screen reader reads it with the title when focus moves in.
  const describe = (p: HTMLParagraphElement | null) =>
    p?.closest('[role="dialog"]')?.setAttribute('aria-describedby', BODY_ID);
  const footer = idle
    ? [
        <Button key="out" onClick={() => void signOut()} disabled={busy}>
          {t('sessionExpiry.signOut')}
        </Button>,
        <Button key="stay" type="primary" autoFocus loading={busy} onClick={() => void stay()}>
          {t('sessionExpiry.stay')}
        </Button>,
      ]
    : [
        <Button key="ok" type="primary" autoFocus onClick={onEndNoticeClosed}>
          {t('sessionExpiry.ok')}
        </Button>,
      ];
  return (
    <Modal
      open
      title={t(idle ? 'sessionExpiry.idleTitle' : 'sessionExpiry.endTitle')}
      footer={footer}
      closable={!idle}
      keyboard={!idle}
      mask={{ closable: false }}
      onCancel={idle ? undefined : onEndNoticeClosed}
    >
      <p id={BODY_ID} ref={describe}>
        {idle
          ? t('sessionExpiry.idleBody', { time: clockText(phase.endsAt - now) })
          : t('sessionExpiry.endBody', { at: dayjs(phase.endsAt).format('HH:mm') })}
      </p>
    </Modal>
  );
}
