import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModalFuncProps } from 'antd';
import {
  bindFeedback,
  dialog,
  feedbackLoadFailed,
  HOLD_OK_FOCUS_MS,
  feedbackAvailable,
  isFeedbackWanted,
  resetFeedbackForTests,
  subscribeFeedbackWanted,
  toast,
  toastError,
  type FeedbackApi,
} from './feedback';

function fakeHost() {
  const message = { success: vi.fn(), error: vi.fn() };
  const modal = { confirm: vi.fn(), info: vi.fn(), success: vi.fn(), error: vi.fn() };
  return { api: { message, modal } as unknown as FeedbackApi, message, modal };
}

describe('feedback', () => {
  afterEach(() => resetFeedbackForTests());

  it('asks for the host at the first call and shows what waited, in order, once it is bound', () => {
    const wanted = vi.fn();
    subscribeFeedbackWanted(wanted);
    expect(isFeedbackWanted()).toBe(false);
    toast.success('Saved');
    dialog.confirm({ title: 'Delete?' });
    toast.error('Refused', 5);
    expect(isFeedbackWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);

    const host = fakeHost();
    bindFeedback(host.api);
    expect(host.message.success).toHaveBeenCalledWith({ content: 'Saved', duration: undefined });
    expect(host.modal.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Delete?' }));
    expect(host.message.error).toHaveBeenCalledWith({ content: 'Refused', duration: 5 });
    expect(host.message.success.mock.invocationCallOrder[0]).toBeLessThan(
      host.modal.confirm.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('calls a bound host at once, and waits again after it unmounts', () => {
    const host = fakeHost();
    bindFeedback(host.api);
    dialog.info({ title: 'Expired' });
    expect(host.modal.info).toHaveBeenCalledTimes(1);
    bindFeedback(undefined);
    toast.success('Later');
    expect(host.message.success).not.toHaveBeenCalled();
    const next = fakeHost();
    bindFeedback(next.api);
    expect(next.message.success).toHaveBeenCalledTimes(1);
  });

  it('logs an API refusal when nothing on the page can show it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(feedbackAvailable()).toBe(false);
    toastError('Network down');
    expect(log).toHaveBeenCalledWith('Network down');
    expect(isFeedbackWanted()).toBe(false);
    log.mockRestore();
  });

  it('asks for the host again at the next call after its chunk did not arrive, keeping what waits', () => {
    const wanted = vi.fn();
    subscribeFeedbackWanted(wanted);
    toast.error('First');
    feedbackLoadFailed();
    expect(isFeedbackWanted()).toBe(false);
    toast.success('Second');
    expect(isFeedbackWanted()).toBe(true);
    const host = fakeHost();
    bindFeedback(host.api);
    expect(host.message.error).toHaveBeenCalledTimes(1);
    expect(host.message.success).toHaveBeenCalledTimes(1);
  });

  describe("a confirmation's focus", () => {
    // A host whose confirmation draws its two buttons as antd does (Cancel first), with the OK button's props.
    function drawingHost() {
      const host = fakeHost();
      host.modal.confirm.mockImplementation((config: ModalFuncProps) => {
        const panel = document.createElement('div');
        const cancel = document.createElement('button');
        cancel.textContent = 'Cancel';
        const ok = document.createElement('button');
        ok.textContent = 'OK';
        for (const [k, v] of Object.entries(config.okButtonProps ?? {}))
          if (k.startsWith('data-')) ok.setAttribute(k, String(v));
        panel.append(cancel, ok);
        document.body.append(panel);
      });
      bindFeedback(host.api);
      const button = (text: string) =>
        Array.from(document.querySelectorAll('button')).find((b) => b.textContent === text) as HTMLButtonElement;
      return { host, button };
    }

    afterEach(() => {
      vi.useRealTimers();
      document.body.replaceChildren();
    });

    it('goes back to OK when the focus lock puts it on Cancel, until a key is pressed', () => {
      vi.useFakeTimers();
      const { button } = drawingHost();
      dialog.confirm({ title: 'Save?' });
      // The lock engages after antd's own focus on OK, and puts it on the first button.
      button('Cancel').focus();
      vi.advanceTimersByTime(40);
      expect(document.activeElement).toBe(button('OK'));
      button('Cancel').focus();
      vi.advanceTimersByTime(40);
      expect(document.activeElement).toBe(button('OK'));
      // The user moves it (Tab to Cancel): it stays where the user put it.
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
      button('Cancel').focus();
      vi.advanceTimersByTime(200);
      expect(document.activeElement).toBe(button('Cancel'));
    });

    it('lets go after a moment, and leaves a confirmation that asks for another button alone', () => {
      vi.useFakeTimers();
      const { host, button } = drawingHost();
      // Drawn a moment later (a loaded machine): the hold counts from then.
      host.modal.confirm.mockImplementationOnce(() => undefined);
      dialog.confirm({ title: 'Save?' });
      vi.advanceTimersByTime(HOLD_OK_FOCUS_MS + 40);
      const asked = host.modal.confirm.mock.calls.at(-1)?.[0] as ModalFuncProps;
      const marker = (asked.okButtonProps as Record<string, unknown>)['data-confirm-ok'];
      const late = document.createElement('div');
      late.innerHTML = `<button>Cancel</button><button data-confirm-ok="${String(marker)}">OK</button>`;
      document.body.append(late);
      button('Cancel').focus();
      vi.advanceTimersByTime(40);
      expect(document.activeElement).toBe(button('OK'));
      vi.advanceTimersByTime(HOLD_OK_FOCUS_MS + 40);
      button('Cancel').focus();
      vi.advanceTimersByTime(200);
      expect(document.activeElement).toBe(button('Cancel'));

      dialog.confirm({ title: 'Leave?', focusable: { autoFocusButton: 'cancel' } });
      expect(host.modal.confirm).toHaveBeenLastCalledWith({
        title: 'Leave?',
        focusable: { autoFocusButton: 'cancel' },
      });
    });
  });
});
