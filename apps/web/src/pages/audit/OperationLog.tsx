import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, InputNumber, Select, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  AUDIT_OUTCOMES,
  AUDIT_RECORD_TYPES,
  type AuditChange,
  type AuditEntry,
  type AuditOutcome,
  type AuditRef,
  type auditApi,
} from '@study-crm/shared';
import { InstantRangeFilter, StaffFilter } from '../../components/crud/filters';
import { listFilters } from '../../components/crud/listFilters';
import { ListCard } from '../../components/crud/ListCard';
import { PagedTable } from '../../components/crud/PagedTable';
import { useListState, type ListFilters } from '../../components/crud/useListState';
import { ExportButton } from '../../components/crud/ExportButton';
import { DataTable, type DataColumn } from '../../components/crud/DataTable';
import { personColumn } from '../../components/crud/columns';
import { RecordDrawer } from '../../components/RecordDrawer';
import { fieldName, useChangeText } from '../../components/audit/changeText';
import { useAuditActions, useAuditEntry, useAuditList } from './api';

type Filters = ListFilters<typeof auditApi.list>;

const OUTCOME_COLOR: Record<AuditOutcome, string> = { ok: 'green', refused: 'orange', error: 'red' };

// The name of a module, action or record type in the reader's language; the identifier itself when it has none
// (an action a newer server declares).
function useNames() {
  const { t, i18n } = useTranslation();
  const text = t as unknown as (key: string) => string;
  return (group: 'module' | 'action' | 'recordType', value: string) => {
    const key = `audit.${group}.${value}`;
    return i18n.exists(key) ? text(key) : value;
  };
}

// The changed fields of an entry by their forms' labels (decision 248).
function useFieldNames() {
  const { t, i18n } = useTranslation();
  const text = t as unknown as (key: string) => string;
  return (e: AuditEntry) =>
    e.changedFields.map((f) => fieldName(text, (k) => i18n.exists(k), e.recordType, f)).join(', ');
}

function OutcomeTag({ outcome, code }: { outcome: AuditOutcome; code: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={OUTCOME_COLOR[outcome]}>
      {t(`audit.outcome.${outcome}`)}
      {outcome === 'ok' ? '' : ` · ${code}`}
    </Tag>
  );
}

const recordText = (name: (g: 'recordType', v: string) => string, e: AuditEntry) =>
  e.recordType ? `${name('recordType', e.recordType)} ${e.recordIds.map((id) => `#${id}`).join(' ')}` : '-';

// The entry's field diff, each field with its form's label and its values as the form shows them (decision 248).
// A person or cycle named by id shows by the name the server read for it (decision 250).
function ChangesTable({
  recordType,
  changes,
  refs,
}: {
  recordType: string | null;
  changes: AuditChange[];
  refs: readonly AuditRef[];
}) {
  const { t } = useTranslation();
  const { field, value } = useChangeText(
    recordType,
    changes.map((c) => c.field),
    refs,
  );
  const columns: DataColumn<AuditChange & { key: number }>[] = [
    { title: t('audit.col.record'), key: 'id', width: 90, render: (_, c) => `#${c.id}` },
    { title: t('audit.col.field'), key: 'field', width: 160, render: (_, c) => field(c.field) },
    {
      title: t('audit.col.before'),
      key: 'before',
      render: (_, c) =>
        c.secret ? (
          <Typography.Text type="secondary">{t('audit.secretChanged')}</Typography.Text>
        ) : (
          value(c.field, c.before)
        ),
    },
    { title: t('audit.col.after'), key: 'after', render: (_, c) => (c.secret ? '' : value(c.field, c.after)) },
  ];
  return (
    <DataTable
      size="small"
      rowKey="key"
      loading={false}
      empty={t('audit.noChanges')}
      columns={columns}
      rows={changes.map((c, key) => ({ ...c, key }))}
      testId="audit-changes"
    />
  );
}

function EntryDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useNames();
  const entry = useAuditEntry(id);
  const e = entry.data;
  return (
    <RecordDrawer id={id} onClose={onClose} title={t('audit.detail')} testId="audit-detail">
      {!e ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={2} size="small" style={{ marginBottom: 16 }} data-testid="audit-detail-info">
            <Descriptions.Item label={t('audit.col.time')}>
              {dayjs(e.createdAt).format('YYYY-MM-DD HH:mm:ss')}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.col.member')}>{e.member?.name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.col.module')}>{name('module', e.module)}</Descriptions.Item>
            <Descriptions.Item label={t('audit.col.action')}>{name('action', e.action)}</Descriptions.Item>
            <Descriptions.Item label={t('audit.col.record')}>{recordText(name, e)}</Descriptions.Item>
            <Descriptions.Item label={t('audit.col.outcome')}>
              <OutcomeTag outcome={e.outcome} code={e.code} />
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.col.role')}>{e.roleId ?? t('audit.roleAll')}</Descriptions.Item>
            <Descriptions.Item label={t('audit.col.duration')}>{t('audit.ms', { n: e.durationMs })}</Descriptions.Item>
            <Descriptions.Item label={t('audit.col.ip')}>{e.ip ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.col.requestId')}>{e.requestId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.col.route')} span={2}>
              {e.route ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.col.userAgent')} span={2}>
              {e.userAgent ?? '-'}
            </Descriptions.Item>
          </Descriptions>
          <ChangesTable recordType={e.recordType} changes={e.changes} refs={e.refs} />
        </>
      )}
    </RecordDrawer>
  );
}

// operationLog: every audited call (writes, sign-ins, refusals) by time, filtered by member, module and action,
// record, outcome and dates; an entry opens in a drawer with its field diff.
export default function OperationLog() {
  const { t } = useTranslation();
  const name = useNames();
  const fieldNames = useFieldNames();
  const list = useListState<Filters>({ defaults: { order: 'desc' }, queryRoot: ['audit'] });
  const query = useAuditList(list.params);
  const actions = useAuditActions();
  const [open, setOpen] = useState<number | null>(null);
  const { filters } = list;
  const filter = listFilters(list);
  const moduleActions = actions.data?.find((m) => m.module === filters.module)?.actions ?? [];

  const columns: DataColumn<AuditEntry>[] = [
    {
      title: t('audit.col.time'),
      dataIndex: 'createdAt',
      width: 160,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    personColumn(t('audit.col.member'), 'member', 120),
    { title: t('audit.col.module'), key: 'module', width: 110, render: (_, r) => name('module', r.module) },
    { title: t('audit.col.action'), key: 'action', width: 120, render: (_, r) => name('action', r.action) },
    { title: t('audit.col.record'), key: 'record', width: 120, ellipsis: true, render: (_, r) => recordText(name, r) },
    {
      title: t('audit.col.outcome'),
      key: 'outcome',
      width: 110,
      render: (_, r) => <OutcomeTag outcome={r.outcome} code={r.code} />,
    },
    {
      title: t('audit.col.changes'),
      key: 'changes',
      ellipsis: true,
      // The drawer shows every change; on a narrow screen the column gives way first.
      priority: 1,
      render: (_, r) => fieldNames(r) || '-',
    },
    {
      title: t('audit.col.actions'),
      key: 'actions',
      width: 70,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid="audit-row-view">
          {t('audit.view')}
        </Button>
      ),
    },
  ];

  return (
    <ListCard title={t('audit.title')} ids="audit">
      <Space wrap style={{ marginBottom: 16 }}>
        <StaffFilter list={list} name="actorId" placeholder={t('audit.col.member')} width={150} />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 150 }}
          placeholder={t('audit.col.module')}
          aria-label={t('audit.col.module')}
          loading={actions.isLoading}
          value={filters.module}
          options={(actions.data ?? []).map((m) => ({ value: m.module, label: name('module', m.module) }))}
          onChange={(v) => list.apply({ module: v, action: undefined })}
          data-testid="audit-module-filter"
        />
        {/* An action belongs to a module, a record id to a record type: each waits for the first, and says so. */}
        <Tooltip title={filters.module ? undefined : t('audit.needModule')}>
          <Select<string>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            disabled={!filters.module}
            placeholder={t('audit.col.action')}
            aria-label={t('audit.col.action')}
            value={filters.action}
            options={moduleActions.map((a) => ({ value: a, label: name('action', a) }))}
            onChange={(v) => list.apply({ action: v })}
            data-testid="audit-action-filter"
          />
        </Tooltip>
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 150 }}
          placeholder={t('audit.col.recordType')}
          aria-label={t('audit.col.recordType')}
          value={filters.recordType}
          options={AUDIT_RECORD_TYPES.map((r) => ({ value: r, label: name('recordType', r) })).sort((a, b) =>
            a.label.localeCompare(b.label),
          )}
          onChange={(v) => list.apply({ recordType: v, recordId: undefined })}
          data-testid="audit-record-type-filter"
        />
        <Tooltip title={filters.recordType ? undefined : t('audit.needRecordType')}>
          <InputNumber
            min={1}
            style={{ width: 120 }}
            disabled={!filters.recordType}
            placeholder={t('audit.col.recordId')}
            aria-label={t('audit.col.recordId')}
            value={filters.recordId ?? null}
            onChange={(v) => list.apply({ recordId: v ?? undefined })}
            data-testid="audit-record-id-filter"
          />
        </Tooltip>
        {filter.enum('outcome', AUDIT_OUTCOMES, 'audit.outcome', { placeholder: t('audit.col.outcome') })}
        {/* The member's own days, as instants: the rows show local times (decision 346). */}
        <InstantRangeFilter list={list} />
        <Button onClick={list.reset}>{t('crud.reset')}</Button>
        <ExportButton list="auditLog" params={list.params} testId="audit-export" />
      </Space>
      <PagedTable columns={columns} query={query} list={list} strings="audit" testId="audit-table" />
      <EntryDrawer id={open} onClose={() => setOpen(null)} />
    </ListCard>
  );
}
