import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Modal, Typography, Upload } from 'antd';
import type { ButtonProps } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { APPLICATION_DICT, PERM, type FileRecord } from '@study-crm/shared';
import { ListCard } from '../../components/crud/ListCard';
import { PagedTable } from '../../components/crud/PagedTable';
import { useListState } from '../../components/crud/useListState';
import { Permission } from '../../components/Permission';
import { downloadFile, uploadWithProgress, useFileMutation, useFiles, useInvalidateApplication } from './api';
import { ApplicationScreen } from '../../components/application/ApplicationScreen';
import { DictBadge, DictSelect } from '../../components/dict';
import { useConfirm } from '../../components/form/useConfirm';
import { linksColumn, personColumn } from '../../components/crud/columns';
import { formatTime } from '../../lib/format';
import { UploadProgress, useUploads } from '../../components/upload/useUploads';
import { toast } from '../../lib/feedback';
import type { DataColumn } from '../../components/crud/DataTable';
import { useIdParam } from '../../navigation/useScreen';
import { validFields } from '../../components/form/validFields';
import { useFocusReturn } from '../../components/useFocusReturn';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.doc,.docx,.xls,.xlsx';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function UserFiles() {
  const { t } = useTranslation();
  const id = useIdParam();
  const list = useListState({ queryRoot: ['application', 'files'] });
  const files = useFiles(id, list.page.pageNum, list.page.pageSize);
  const mutate = useFileMutation();
  const invalidate = useInvalidateApplication();
  const [editing, setEditing] = useState<FileRecord | null>(null);
  const uploads = useUploads();

  // antd's Upload drives the drag-and-drop; each file goes up with the application's id.
  const customRequest = uploads.request(
    (file, onProgress) => {
      const form = new FormData();
      form.append('applicationId', String(id));
      form.append('file', file, file.name);
      return uploadWithProgress(form, onProgress).promise;
    },
    (_record, file) => {
      toast.success(t('application.files.uploaded', { name: file.name }));
      void invalidate();
    },
  );

  const download = async (f: FileRecord) => {
    try {
      await downloadFile(f);
    } catch {
      // the client already showed the reason
    }
  };

  const columns: DataColumn<FileRecord>[] = [
    {
      title: t('application.files.title'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <Typography.Link onClick={() => void download(r)} data-testid="file-title">
          {v}
        </Typography.Link>
      ),
    },
    {
      title: t('application.files.type'),
      dataIndex: 'type',
      width: 140,
      render: (v: string) => <DictBadge type={APPLICATION_DICT.fileType} value={v} />,
    },
    {
      title: t('application.files.extension'),
      dataIndex: 'extension',
      width: 90,
      render: (v: string) => v.toUpperCase(),
    },
    { title: t('application.files.size'), dataIndex: 'size', width: 100, render: (v: number) => formatSize(v) },
    personColumn(t('application.files.uploader'), 'uploader', 160),
    {
      title: t('application.files.uploadedAt'),
      dataIndex: 'uploadedAt',
      width: 170,
      render: formatTime,
    },
    linksColumn<FileRecord>(t('application.col.actions'), {
      width: 230,
      links: (r) => [
        {
          label: t('application.files.download'),
          onClick: () => void download(r),
          testId: `file-download-${r.extension}`,
        },
        {
          label: t('application.edit'),
          perm: PERM.fileUpdate,
          onClick: () => setEditing(r),
          testId: `file-edit-${r.extension}`,
        },
        {
          label: t('application.files.remove'),
          perm: PERM.fileRemove,
          danger: true,
          testId: `file-remove-${r.id}`,
          confirm: {
            title: t('application.files.removeConfirm', { name: r.title }),
            onConfirm: async () => {
              await mutate.mutateAsync({ action: 'removeFileRecord', body: { id: r.id } });
              toast.success(t('application.files.removed'));
            },
          },
        },
      ],
    }),
  ];

  return (
    <ApplicationScreen id={id} title={t('application.files.screenTitle')}>
      <ListCard title={t('application.files.list')}>
        <Permission perm={PERM.fileUpload}>
          <Upload.Dragger
            multiple
            accept={ACCEPT}
            showUploadList={false}
            customRequest={customRequest}
            style={{ marginBottom: 16 }}
            data-testid="file-dragger"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('application.files.drop')}</p>
            <p className="ant-upload-hint">{t('application.files.hint')}</p>
          </Upload.Dragger>
          <UploadProgress files={uploads.inFlight} testId="file-progress" />
        </Permission>
        <div style={{ marginTop: 16 }}>
          <PagedTable<FileRecord>
            columns={columns}
            query={files}
            list={list}
            emptyText={t('application.files.empty')}
            testId="file-table"
          />
        </div>
      </ListCard>
      {editing && (
        <FileEdit
          file={editing}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            await mutate.mutateAsync({ action: 'updateFileRecord', body: { id: editing.id, ...v } });
            toast.success(t('application.saved'));
            setEditing(null);
          }}
        />
      )}
    </ApplicationScreen>
  );
}

function FileEdit({
  file,
  onClose,
  onSubmit,
}: {
  file: FileRecord;
  onClose: () => void;
  onSubmit: (v: { title: string; type: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  useFocusReturn();
  const confirm = useConfirm();
  const [form] = Form.useForm<{ title: string; type: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('application.files.editTitle')}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'file-edit-submit' } as ButtonProps}
      onOk={async () => {
        const v = await validFields(form);
        if (!v) return;
        confirm(t('application.saveConfirm'), async () => {
          setBusy(true);
          try {
            await onSubmit(v);
          } finally {
            setBusy(false);
          }
        });
      }}
    >
      <Form form={form} name="file" layout="vertical" initialValues={{ title: file.title, type: file.type }}>
        <Form.Item
          name="title"
          label={t('application.files.title')}
          rules={[{ required: true, whitespace: true, message: t('application.v.required') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('application.files.type')}
          rules={[{ required: true, message: t('application.v.required') }]}
        >
          <DictSelect type={APPLICATION_DICT.fileType} allowClear={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
