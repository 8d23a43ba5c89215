import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

// antd's message and modal bound to the app's theme and locale (set once by <AntdBridge/>),
// so code outside React (the API client) can show them.
let message: MessageInstance | undefined;
let modal: ModalHookAPI | undefined;

export function bindFeedback(m: MessageInstance, md: ModalHookAPI): void {
  message = m;
  modal = md;
}

export const TOAST_SECONDS = 5;

export function toastError(text: string): void {
  if (message) void message.error({ content: text, duration: TOAST_SECONDS });
  else console.error(text);
}

export function toastSuccess(text: string): void {
  if (message) void message.success({ content: text, duration: 2 });
}

export function getModal(): ModalHookAPI | undefined {
  return modal;
}
