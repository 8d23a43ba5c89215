import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, useSettings } from './settings';

describe('app settings', () => {
  it("count XiaoK's openings (clickChatNum, spec section 3) and keep the count when the look is reset", () => {
    expect(DEFAULT_SETTINGS.clickChatNum).toBe(0);
    const s = useSettings.getState();
    s.countChatOpening();
    s.countChatOpening();
    expect(useSettings.getState().clickChatNum).toBe(2);
    useSettings.getState().update({ theme: 'light' });
    useSettings.getState().reset();
    expect(useSettings.getState()).toMatchObject({ theme: 'dark', clickChatNum: 2 });
    expect(JSON.parse(localStorage.getItem('sadmin-settings') ?? '{}').state.clickChatNum).toBe(2);
  });
});
