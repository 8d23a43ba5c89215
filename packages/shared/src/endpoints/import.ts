import { z } from 'zod';
import { getCall, postCall, rawCall } from '../endpoint.js';
import {
  ImportCheckSchema,
  ImportRunBody,
  ImportRunSchema,
  ImportStartSchema,
  type ImportKind,
} from '../schemas/import.js';
import { IdParam } from '../wire.js';
import { XLSX_MIME } from './sms.js';

// Where each kind's import lives: under its own list's calls (each route checks that list's add permission).
export const IMPORT_BASE: Record<ImportKind, string> = {
  application: '/api/v1/mc/applicationRecord/import',
  member: '/api/v1/mc/member/import',
  account: '/api/v1/cake/users/import',
  dict: '/admin/v1/sys/dict/import',
  tag: '/admin/v1/tags/import',
};

// The calls of one kind's import (docs/import.md): the template, the checked upload (dry run; multipart field
// `file`), the write, its progress, and the result sheet.
export const importApi = (kind: ImportKind) => {
  const base = IMPORT_BASE[kind];
  return {
    template: rawCall(`${base}/template`, z.object({}), XLSX_MIME),
    check: postCall(`${base}/check`, undefined, ImportCheckSchema),
    run: postCall(`${base}/run`, ImportRunBody, ImportStartSchema),
    view: getCall(`${base}/view`, IdParam, ImportRunSchema),
    result: rawCall(`${base}/result`, IdParam, XLSX_MIME),
  };
};
