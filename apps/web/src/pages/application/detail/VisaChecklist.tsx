import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  APPLICATION_DICT,
  CAS_NUMBER_RE,
  PERM,
  VISA_STEP_STATUSES,
  type VisaStep,
  type VisaStepStatus,
} from '@study-crm/shared';
import { DictBadge } from '../../../components/dict';
import { usePermission } from '../../../components/Permission';
import { toast } from '../../../lib/feedback';
import { downloadFile, uploadWithProgress, useSaveVisaStep, useVisaChecklist } from '../api';
import { useStaffOptions } from '../../../components/crud/filters';

type StepForm = {
  status: VisaStepStatus;
  date?: string | null;
  ownerId?: number | null;
  casNumber?: string | null;
  fundsFrom?: string | null;
  fundsTo?: string | null;
  remarks?: string | null;
};
const dateItem = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : null }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};
const STATUS_COLOR: Record<VisaStepStatus, string> = {
  pending: 'default',
  inProgress: 'processing',
  done: 'success',
  notRequired: 'default',
};

// The Student visa checklist on the application record (issue 40): one step per stage the administrators keep, each
// with its date, owner, status and documents; the server checks the CAS number, the funds window and the CAS's six
// months on save. Below: the language tests against the course.
export function VisaChecklist({ id }: { id: number }) {
  const { t } = useTranslation();
  const checklist = useVisaChecklist(id);
  const staff = useStaffOptions();
  const save = useSaveVisaStep();
  const canSave = usePermission(PERM.applicationUpdate);
  const canUpload = usePermission(PERM.fileUpload);
  const [editing, setEditing] = useState<VisaStep | null>(null);
  const [form] = Form.useForm<StepForm>();
  const data = checklist.data;
  const stageName = (s: Pick<VisaStep, 'kind' | 'name'>) =>
    s.name || (s.kind ? t(`application.visa.kinds.${s.kind}`) : '');

  const open = (s: VisaStep) => {
    setEditing(s);
    form.resetFields();
    form.setFieldsValue({
      status: s.status,
      date: s.date,
      ownerId: s.owner?.id ?? null,
      casNumber: s.casNumber,
      fundsFrom: s.fundsFrom,
      fundsTo: s.fundsTo,
      remarks: s.remarks,
    });
  };
  async function submit() {
    if (!editing) return;
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        applicationId: id,
        stageId: editing.stageId,
        version: editing.version,
        ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? ''])),
      });
      toast.success(t('application.visa.saved', { stage: stageName(editing) }));
      setEditing(null);
    } catch {
      // the client showed the refusal, naming the field
    }
  }
  const upload = (s: VisaStep) => async (file: File) => {
    const body = new FormData();
    body.append('applicationId', String(id));
    body.append('visaStageId', String(s.stageId));
    if (s.fileType) body.append('type', s.fileType);
    body.append('file', file, file.name);
    try {
      await uploadWithProgress(body, () => undefined).promise;
      toast.success(t('application.files.uploaded', { name: file.name }));
      await checklist.refetch();
    } catch {
      // the upload helper showed the reason
    }
    return false;
  };

  const columns = [
    {
      title: t('application.visa.stage'),
      dataIndex: 'stageId',
      width: 200,
      render: (_: unknown, s: VisaStep) => <Typography.Text strong>{stageName(s)}</Typography.Text>,
    },
    {
      title: t('application.visa.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: VisaStepStatus) => <Tag color={STATUS_COLOR[v]}>{t(`application.visa.statuses.${v}`)}</Tag>,
    },
    { title: t('application.visa.date'), dataIndex: 'date', width: 110, render: (v: string | null) => v ?? '—' },
    {
      title: t('application.visa.owner'),
      dataIndex: 'owner',
      width: 130,
      render: (v: VisaStep['owner']) => v?.name ?? '—',
    },
    {
      title: t('application.visa.detail'),
      dataIndex: 'casNumber',
      render: (_: unknown, s: VisaStep) => (
        <Space orientation="vertical" size={0}>
          {s.casNumber && <span>CAS {s.casNumber}</span>}
          {s.fundsFrom && s.fundsTo && (
            <span>{t('application.visa.fundsHeld', { from: s.fundsFrom, to: s.fundsTo })}</span>
          )}
          {s.dueDate && s.kind === 'casIssued' && (
            <Typography.Text type="warning">{t('application.visa.casValidUntil', { date: s.dueDate })}</Typography.Text>
          )}
          {s.dueDate && s.kind === 'funds' && (
            <Typography.Text type="warning">{t('application.visa.applyBy', { date: s.dueDate })}</Typography.Text>
          )}
          {s.remarks && <Typography.Text type="secondary">{s.remarks}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('application.visa.documents'),
      dataIndex: 'files',
      width: 220,
      render: (_: unknown, s: VisaStep) => (
        <Space orientation="vertical" size={0}>
          {s.fileType && (
            <span>
              {t('application.visa.expects')} <DictBadge type={APPLICATION_DICT.fileType} value={s.fileType} />
            </span>
          )}
          {s.files.map((f) => (
            <Button
              key={f.id}
              type="link"
              size="small"
              icon={<PaperClipOutlined />}
              onClick={() => void downloadFile(f).catch(() => undefined)}
            >
              {f.title}
            </Button>
          ))}
        </Space>
      ),
    },
    {
      title: t('application.visa.actions'),
      dataIndex: 'version',
      width: 190,
      render: (_: unknown, s: VisaStep) => (
        <Space>
          {canSave && (
            <Button size="small" onClick={() => open(s)} data-testid={`visa-edit-${s.kind ?? s.stageId}`}>
              {t('application.edit')}
            </Button>
          )}
          {canUpload && (
            <Upload
              showUploadList={false}
              beforeUpload={upload(s)}
              accept=".pdf,.png,.jpg,.jpeg,.gif,.doc,.docx,.xls,.xlsx"
            >
              <Button size="small" icon={<UploadOutlined />} data-testid={`visa-upload-${s.kind ?? s.stageId}`}>
                {t('application.visa.upload')}
              </Button>
            </Upload>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('application.visa.title')}
      extra={
        data && (
          <Typography.Text data-testid="visa-progress">
            {t('application.visa.progress', { done: data.done, total: data.total })}
          </Typography.Text>
        )
      }
      style={{ marginBottom: 16 }}
      data-testid="visa-checklist"
    >
      {data?.language.map((l) =>
        l.flags.length ? (
          <Alert
            key={l.scoreId}
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            data-testid="visa-language-flag"
            title={t('application.visa.languageTitle', { test: l.testType, date: l.testDate ?? '' })}
            description={l.flags
              .map((f) =>
                t(`application.visa.flags.${f}`, {
                  until: l.validUntil ?? '',
                  start: data.courseStart ?? '',
                  level: data.levelNeeded,
                }),
              )
              .join(' ')}
          />
        ) : null,
      )}
      <Table<VisaStep>
        rowKey="stageId"
        size="small"
        loading={checklist.isLoading}
        dataSource={data?.steps ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 1000 }}
      />
      <Modal
        open={!!editing}
        title={editing ? stageName(editing) : ''}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={save.isPending}
        okText={t('common.save')}
        destroyOnHidden
      >
        <Form<StepForm> form={form} layout="vertical" name="visaStep">
          <Form.Item name="status" label={t('application.visa.status')}>
            <Select
              options={VISA_STEP_STATUSES.map((s) => ({ value: s, label: t(`application.visa.statuses.${s}`) }))}
              data-testid="visa-status"
            />
          </Form.Item>
          <Form.Item
            name="date"
            label={editing?.kind === 'casIssued' ? t('application.visa.casIssuedOn') : t('application.visa.date')}
            {...dateItem}
          >
            <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="visa-date" />
          </Form.Item>
          <Form.Item name="ownerId" label={t('application.visa.owner')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={staff.data ?? []} />
          </Form.Item>
          {editing?.kind === 'casIssued' && (
            <Form.Item
              name="casNumber"
              label={t('application.visa.casNumber')}
              normalize={(v?: string) => v?.toUpperCase()}
              rules={[{ pattern: CAS_NUMBER_RE, message: t('application.visa.casFormat') }]}
              extra={t('application.visa.casHint')}
            >
              <Input maxLength={14} data-testid="visa-cas" />
            </Form.Item>
          )}
          {editing?.kind === 'funds' && (
            <Space.Compact block>
              <Form.Item name="fundsFrom" label={t('application.visa.fundsFrom')} {...dateItem} style={{ flex: 1 }}>
                <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="visa-funds-from" />
              </Form.Item>
              <Form.Item name="fundsTo" label={t('application.visa.fundsTo')} {...dateItem} style={{ flex: 1 }}>
                <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="visa-funds-to" />
              </Form.Item>
            </Space.Compact>
          )}
          {editing?.kind === 'funds' && (
            <Typography.Paragraph type="secondary">{t('application.visa.fundsHint')}</Typography.Paragraph>
          )}
          <Form.Item name="remarks" label={t('application.visa.remarks')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
