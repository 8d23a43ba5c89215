import { describe, expect, it, vi } from 'vitest';
import type { ModalFuncProps } from 'antd';
import { withClosableContent } from './closableConfirm';

// A modal API that keeps the confirmations it was given, each with its own destroy.
function keepingModal() {
  const given: ModalFuncProps[] = [];
  const destroys: ReturnType<typeof vi.fn>[] = [];
  const confirm = vi.fn((config: ModalFuncProps) => {
    given.push(config);
    const destroy = vi.fn();
    destroys.push(destroy);
    return { destroy, update: vi.fn(), then: vi.fn() };
  });
  const modal = withClosableContent({
    confirm,
    info: vi.fn(),
    success: vi.fn(),
    error: vi.fn(),
    warning: vi.fn(),
  } as never);
  return { modal, given, destroys };
}

// Decision 372: a link in a confirmation closes it, without its OK or Cancel.
describe('a confirmation whose content is given what closes it', () => {
  it('draws the content the function returns, and its close destroys that dialog only', () => {
    const { modal, given, destroys } = keepingModal();
    const onOk = vi.fn();
    let close: (() => void) | undefined;
    modal.confirm({ title: 'Already applied for', onOk, content: (c) => ((close = c), 'Open application #5') });
    modal.confirm({ title: 'Another' });
    expect(given[0]).toMatchObject({ title: 'Already applied for', content: 'Open application #5', onOk });
    expect(destroys[0]).not.toHaveBeenCalled();
    close!();
    expect(destroys[0]).toHaveBeenCalledTimes(1);
    expect(destroys[1]).not.toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('passes any other confirmation to antd as it is', () => {
    const { modal, given } = keepingModal();
    const configs = [{ title: 'Save the changes?', content: 'Two rows' }, { title: 'Delete?' }];
    for (const c of configs) modal.confirm(c);
    expect(given).toHaveLength(2);
    expect(given[0]).toBe(configs[0]);
    expect(given[1]).toBe(configs[1]);
  });
});
