import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { HOLD_OK_FOCUS_MS, withOkFocus } from './confirmFocus';

// A modal API whose confirmation draws its two buttons as antd does (Cancel first), with the OK button's data
// attributes; `late` leaves the drawing to the test.
function drawingModal(late = false) {
  const confirm = vi.fn((config: ModalFuncProps) => {
    if (!late) draw(config);
    return { destroy: vi.fn(), update: vi.fn(), then: vi.fn() };
  });
  const modal = withOkFocus({ confirm, info: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn() } as never);
  return { modal: modal as HookAPI, confirm };
}

function draw(config: ModalFuncProps) {
  const panel = document.createElement('div');
  const cancel = document.createElement('button');
  cancel.textContent = 'Cancel';
  const ok = document.createElement('button');
  ok.textContent = 'OK';
  for (const [k, v] of Object.entries(config.okButtonProps ?? {}))
    if (k.startsWith('data-')) ok.setAttribute(k, String(v));
  panel.append(cancel, ok);
  document.body.append(panel);
}

const button = (text: string) =>
  Array.from(document.querySelectorAll('button')).find((b) => b.textContent === text) as HTMLButtonElement;

describe("a confirmation's focus (decision 318)", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('goes back to OK when the focus lock puts it on Cancel, until a key is pressed', () => {
    vi.useFakeTimers();
    const { modal } = drawingModal();
    modal.confirm({ title: 'Save?', okButtonProps: { 'data-testid': 'save-ok' } as never });
    expect(button('OK').dataset.testid).toBe('save-ok');
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

  it('holds from when OK is drawn, lets go after a moment, and leaves another button to antd', () => {
    vi.useFakeTimers();
    const { modal, confirm } = drawingModal(true);
    modal.confirm({ title: 'Save?' });
    // Drawn a moment later (a loaded machine): the hold counts from then.
    vi.advanceTimersByTime(HOLD_OK_FOCUS_MS + 40);
    draw(confirm.mock.calls[0]![0]);
    button('Cancel').focus();
    vi.advanceTimersByTime(40);
    expect(document.activeElement).toBe(button('OK'));
    vi.advanceTimersByTime(HOLD_OK_FOCUS_MS + 40);
    button('Cancel').focus();
    vi.advanceTimersByTime(200);
    expect(document.activeElement).toBe(button('Cancel'));

    const leave = { title: 'Leave?', focusable: { autoFocusButton: 'cancel' as const } };
    modal.confirm(leave);
    expect(confirm).toHaveBeenLastCalledWith(leave);
  });
});
