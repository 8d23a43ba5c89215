import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { FeedbackModal } from '../lib/feedback';

// antd's modal functions taking a confirmation whose content is a function of what closes it (lib/feedback.ts'
// ConfirmConfig): it is called with the dialog's destroy, which closes it without its OK or Cancel. FeedbackHost binds
// these (a chunk loaded after the first screen); any other confirmation goes to antd as it is.
export function withClosableContent(modal: HookAPI): FeedbackModal {
  return {
    ...modal,
    confirm: (config) => {
      const { content } = config;
      if (typeof content !== 'function') return modal.confirm(config as ModalFuncProps);
      const opened: ReturnType<HookAPI['confirm']> = modal.confirm({
        ...config,
        content: content(() => opened.destroy()),
      });
      return opened;
    },
  };
}
