import { afterEach, describe, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { inEnglish } from '../../test/strings';
import { expectLocalDayRange } from '../../test/dayRange';
import { payment } from './locale';
import Tracks from './Tracks';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the payment operation log', () => {
  inEnglish(payment);

  it('asks for the member’s own days as instants (the rows show local times), not UTC days', () =>
    expectLocalDayRange(Tracks, '/tracks', '/api/v1/cake/tracks', { list: [], total: 0, pageNum: 1, pageSize: 20 }));
});
