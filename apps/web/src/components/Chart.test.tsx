import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';

const instance = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
const init = vi.fn((_el: HTMLElement, _theme?: string) => instance);
vi.mock('echarts', () => ({ init: (el: HTMLElement, theme?: string) => init(el, theme) }));

const observers: {
  cb: ResizeObserverCallback;
  observe: ReturnType<typeof vi.fn>;
  disconnect: ReturnType<typeof vi.fn>;
}[] = [];
class FakeResizeObserver {
  observe = vi.fn();
  disconnect = vi.fn();
  unobserve = vi.fn();
  constructor(readonly cb: ResizeObserverCallback) {
    observers.push(this);
  }
}
vi.stubGlobal('ResizeObserver', FakeResizeObserver);

const { Chart } = await import('./Chart');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  observers.length = 0;
});

describe('Chart', () => {
  it('fills its container and draws the option', () => {
    const option = { series: [{ type: 'bar' as const, data: [1, 2] }] };
    const { getByTestId } = render(<Chart option={option} />);
    const el = getByTestId('chart');
    expect(el.style.width).toBe('100%');
    expect(el.style.height).toBe('100%');
    expect(init).toHaveBeenCalledWith(el, 'dark');
    expect(instance.setOption).toHaveBeenCalledWith(expect.objectContaining(option), true);
  });

  it('resizes when its container does', () => {
    render(<Chart option={{}} />);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.observe).toHaveBeenCalled();
    observers[0]!.cb([], observers[0] as unknown as ResizeObserver);
    expect(instance.resize).toHaveBeenCalledTimes(1);
  });

  it('disposes the chart and stops observing on unmount', () => {
    const { unmount } = render(<Chart option={{}} />);
    unmount();
    expect(instance.dispose).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnect).toHaveBeenCalled();
  });
});
