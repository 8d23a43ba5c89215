import { useCallback, type ReactNode } from 'react';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { dialog } from '../../lib/feedback';

type ConfirmOptions = {
  danger?: boolean;
  // A line under the title (what exactly is about to happen); as a function, given what closes the dialog without
  // its OK or Cancel (for a link in it that leads elsewhere).
  content?: ReactNode | ((close: () => void) => ReactNode);
  // The OK button's text when "Confirm" says too little ("Send", "Reload"), and its test id.
  okText?: string;
  okTestId?: string;
  // Cancel holds the focus (Enter does not take the action): for an action the dialog warns against.
  focusCancel?: boolean;
};

// The "are you sure?" step before a save, a send or a removal: one title, the shared confirm/cancel buttons.
export function useConfirm() {
  const { t } = useTranslation();
  return useCallback(
    (title: string, onOk: () => unknown, opts: ConfirmOptions = {}) =>
      dialog.confirm({
        title,
        content: opts.content,
        okText: opts.okText ?? t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: opts.danger, 'data-testid': opts.okTestId } as ButtonProps,
        ...(opts.focusCancel ? { focusable: { autoFocusButton: 'cancel' as const } } : {}),
        // A refused call was already shown (toast or form); left to antd it came back as an unhandled rejection.
        onOk: () =>
          Promise.resolve()
            .then(onOk)
            .catch((err: unknown) => {
              if (!(err instanceof ApiError)) throw err;
            }),
      }),
    [t],
  );
}
