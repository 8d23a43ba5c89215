import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { ModalFuncProps } from 'antd';
import { createElement, type ReactNode } from 'react';

// The app's toasts and dialogs: antd's message and modal, bound to the app's theme and locale by
// components/FeedbackHost.tsx. That host is a chunk of its own (modal, message and their motion, about 18 KiB
// gzipped): components/FeedbackMount.tsx loads it once the browser is idle after the first screen, or at the first
// call. A call made before it has loaded waits for it and then shows, in order; code outside React (the API client)
// calls the same functions.
export type FeedbackApi = { message: MessageInstance; modal: FeedbackModal };
// A confirmation's content may be a function given what closes the dialog without its OK or Cancel (a link in it
// that leads elsewhere); the host's modal draws it (components/closableConfirm.ts), so nothing of it loads here.
export type ConfirmConfig = Omit<ModalFuncProps, 'content'> & {
  content?: ReactNode | ((close: () => void) => ReactNode);
};
export type FeedbackModal = Omit<ModalHookAPI, 'confirm'> & { confirm: (config: ConfirmConfig) => unknown };

let host: FeedbackApi | undefined;
const waiting: ((api: FeedbackApi) => void)[] = [];
let wanted = false;
const listeners = new Set<() => void>();

// Called by the host when it mounts (with its API) and unmounts (undefined).
export function bindFeedback(api: FeedbackApi | undefined): void {
  host = api;
  if (api) for (const run of waiting.splice(0)) run(api);
}

// The mount point's view of whether the host is wanted yet (useSyncExternalStore).
export function subscribeFeedbackWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const isFeedbackWanted = (): boolean => wanted;
export function wantFeedback(): void {
  if (wanted) return;
  wanted = true;
  for (const l of [...listeners]) l();
}

// The host's chunk did not arrive: the next call asks for it again (what waits stays queued).
export function feedbackLoadFailed(): void {
  wanted = false;
  for (const l of [...listeners]) l();
}

// Whether a toast or dialog can show at all: the host is up, or a mount point will bring it up.
export const feedbackAvailable = (): boolean => host !== undefined || listeners.size > 0;

function withHost(run: (api: FeedbackApi) => void): void {
  if (host) {
    run(host);
    return;
  }
  waiting.push(run);
  wantFeedback();
}

export const TOAST_SECONDS = 5;

// Short notes at the top of the screen: "Saved", "Could not copy".
export const toast = {
  success: (content: string, seconds?: number): void =>
    withHost((api) => void api.message.success({ content, duration: seconds })),
  error: (content: ReactNode, seconds?: number): void =>
    withHost((api) => void api.message.error({ content, duration: seconds })),
  info: (content: string, seconds?: number): void =>
    withHost((api) => void api.message.info({ content, duration: seconds })),
};

// antd's modal dialogs (the confirm step, the session-expired note, a test result).
export const dialog = {
  confirm: (config: ConfirmConfig): void => withHost((api) => void api.modal.confirm(config)),
  info: (config: ModalFuncProps): void => withHost((api) => void api.modal.info(config)),
  success: (config: ModalFuncProps): void => withHost((api) => void api.modal.success(config)),
  error: (config: ModalFuncProps): void => withHost((api) => void api.modal.error(config)),
};

// The API client's refusals: longer on screen, with a small details line (code and field) when there is one; in
// the console when no part of the page can show them.
export function toastError(text: string, details?: string | null): void {
  if (!feedbackAvailable()) {
    console.error(details ? `${text} (${details})` : text);
    return;
  }
  const content = details
    ? createElement(
        'span',
        null,
        text,
        createElement('span', { className: 'refusal-details', 'data-testid': 'refusal-details' }, details),
      )
    : text;
  toast.error(content, TOAST_SECONDS);
}

export function toastSuccess(text: string): void {
  if (feedbackAvailable()) toast.success(text, 2);
}

// Forget the host and what waits for it (unit tests).
export function resetFeedbackForTests(): void {
  host = undefined;
  waiting.length = 0;
  wanted = false;
  listeners.clear();
}
