import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bindFeedback,
  dialog,
  feedbackLoadFailed,
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
    expect(host.modal.confirm).toHaveBeenCalledWith({ title: 'Delete?' });
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
});
