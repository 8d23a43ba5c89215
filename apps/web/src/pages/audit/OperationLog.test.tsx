import { afterEach, describe, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { inEnglish } from '../../test/strings';
import { expectLocalDayRange } from '../../test/dayRange';
import { audit } from './locale';
import OperationLog from './OperationLog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('operation log dates', () => {
  inEnglish(audit);

  it('filters by the member’s own days as instants, as the rows show local times', () =>
    expectLocalDayRange(OperationLog, '/operationLog', '/auditLogs', {
      list: [],
      total: 0,
      pageNum: 1,
      pageSize: 20,
      totalCapped: false,
      nextCursor: null,
    }));
});
