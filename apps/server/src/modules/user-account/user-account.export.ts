import { AccountListQuery, PERM, type MemberListItem } from '@study-crm/shared';
import type { z } from 'zod';
import type { Exporter } from '../export/index.js';
import { memberColumns } from '../member/index.js';
import type { UserAccountService } from './user-account.service.js';

// The account list's export (issue 39): the list's own call (students and parents), filters, sort and permission;
// the employee list's columns.
export function accountExporter(
  accounts: Pick<UserAccountService, 'list'>,
): Exporter<z.output<typeof AccountListQuery>, MemberListItem> {
  return {
    list: 'account',
    perm: PERM.userList,
    sheet: { 'zh-TW': '帳號列表', 'zh-CN': '账号列表', 'en-US': 'Accounts' },
    query: AccountListQuery,
    page: (q, _caller, pageNum, pageSize) => accounts.list({ ...q, cursor: null, pageNum, pageSize }),
    columns: memberColumns,
  };
}
