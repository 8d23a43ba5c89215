import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

// The "are you sure?" step before a save or a removal: one title, the shared confirm/cancel buttons.
export function useConfirm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    (title: string, onOk: () => unknown, opts: { danger?: boolean } = {}) =>
      modal.confirm({
        title,
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        ...(opts.danger === undefined ? {} : { okButtonProps: { danger: opts.danger } }),
        onOk,
      }),
    [modal, t],
  );
}
