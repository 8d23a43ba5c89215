import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { ButtonProps, ModalFuncProps } from 'antd';
import { createElement } from 'react';

// The app's toasts and dialogs: antd's message and modal, bound to the app's theme and locale by
// components/FeedbackHost.tsx. That host is a chunk of its own (modal, message and their motion, about 18 KiB
// gzipped): components/FeedbackMount.tsx loads it once the browser is idle after the first screen, or at the first
// call. A call made before it has loaded waits for it and then shows, in order; code outside React (the API client)
// calls the same functions.
export type FeedbackApi = { message: MessageInstance; modal: ModalHookAPI };

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
  error: (content: string, seconds?: number): void =>
    withHost((api) => void api.message.error({ content, duration: seconds })),
  info: (content: string, seconds?: number): void =>
    withHost((api) => void api.message.info({ content, duration: seconds })),
};

// How long, from the moment a confirmation's OK button is drawn, its focus is kept there unless the user presses a
// key or a pointer; and how long a confirmation may take to be drawn at all.
export const HOLD_OK_FOCUS_MS = 1000;
const DRAWN_WITHIN_MS = 10_000;
let confirmations = 0;

// antd puts a confirmation's focus on its OK button with a timer, and the dialog's focus lock puts it on the first
// button, Cancel, when it engages a render later; the one that runs last wins, and on a loaded machine that was the
// lock, so a keyboard user's Enter cancelled (a CI run of e2e/keyboard). Until the first key or pointer press, for
// HOLD_OK_FOCUS_MS after OK is drawn, the focus goes back to OK whenever it is elsewhere.
function holdFocusOnOk(selector: string): void {
  let until = Date.now() + DRAWN_WITHIN_MS;
  let drawn = false;
  const stop = () => {
    clearInterval(timer);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  const timer = setInterval(() => {
    const ok = document.querySelector<HTMLElement>(selector);
    if (ok && !drawn) {
      drawn = true;
      until = Date.now() + HOLD_OK_FOCUS_MS;
    }
    if (Date.now() > until || (drawn && !ok)) stop();
    else if (ok && document.activeElement !== ok) ok.focus({ preventScroll: true });
  }, 20);
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
}

function confirmWithFocus(api: FeedbackApi, config: ModalFuncProps): void {
  const autoFocus = config.focusable?.autoFocusButton;
  if (autoFocus !== undefined && autoFocus !== 'ok') {
    api.modal.confirm(config);
    return;
  }
  confirmations += 1;
  const marker = String(confirmations);
  const okButtonProps = { ...config.okButtonProps, 'data-confirm-ok': marker } as ButtonProps;
  api.modal.confirm({ ...config, okButtonProps });
  if (typeof document !== 'undefined') holdFocusOnOk(`[data-confirm-ok="${marker}"]`);
}

// antd's modal dialogs (the confirm step, the session-expired note, a test result).
export const dialog = {
  confirm: (config: ModalFuncProps): void => withHost((api) => confirmWithFocus(api, config)),
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
  if (!details) {
    toast.error(text, TOAST_SECONDS);
    return;
  }
  const content = createElement(
    'span',
    null,
    text,
    createElement('span', { className: 'refusal-details', 'data-testid': 'refusal-details' }, details),
  );
  withHost((api) => void api.message.error({ content, duration: TOAST_SECONDS }));
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
