import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/feedback';
import { forgetFailedLoads } from './lazyPart';

// A drawer or panel whose code did not arrive: says so and closes; opening it again asks for the code again.
export function PartFailed({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    toast.error(t('common.partNotLoaded'));
    forgetFailedLoads();
    onClose();
  }, [t, onClose]);
  return null;
}
