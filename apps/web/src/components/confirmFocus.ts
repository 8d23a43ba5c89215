import type { ButtonProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';

// How long, from the moment a confirmation's OK button is drawn, its focus is kept there unless the user presses a
// key or a pointer; and how long a confirmation may take to be drawn at all.
export const HOLD_OK_FOCUS_MS = 1000;
const DRAWN_WITHIN_MS = 10_000;
let confirmations = 0;

// antd puts a confirmation's focus on its OK button with a timer, and the dialog's focus lock puts it on the first
// button, Cancel, when it engages a render later; the one that runs last wins, and on a loaded machine that was the
// lock, so a keyboard user's Enter cancelled (a CI run of e2e/keyboard, decision 318). Until the first key or pointer
// press, for HOLD_OK_FOCUS_MS after OK is drawn, the focus goes back to OK whenever it is elsewhere.
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

// antd's modal functions with confirmations that open on their OK button, as antd means them to (FeedbackHost binds
// these; a chunk loaded after the first screen). A confirmation that asks for another button is left to antd.
export function withOkFocus(modal: HookAPI): HookAPI {
  return {
    ...modal,
    confirm: (config) => {
      const autoFocus = config.focusable?.autoFocusButton;
      if (autoFocus !== undefined && autoFocus !== 'ok') return modal.confirm(config);
      confirmations += 1;
      const marker = String(confirmations);
      const okButtonProps = { ...config.okButtonProps, 'data-confirm-ok': marker } as ButtonProps;
      const opened = modal.confirm({ ...config, okButtonProps });
      holdFocusOnOk(`[data-confirm-ok="${marker}"]`);
      return opened;
    },
  };
}
