import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Col, Form, Input, Modal, Popconfirm, Progress, Row, Select, Space, Switch, Tag } from 'antd';
import { FieldRow } from '../../components/crud/FormFields';
import type { ButtonProps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { APPLICATION_DICT, FOLLOW_DEFAULT_STATUS, PERM, type FollowUp } from '@study-crm/shared';
import { ListCard } from '../../components/crud/ListCard';
import { PagedTable } from '../../components/crud/PagedTable';
import { Permission } from '../../components/Permission';
import { useFollowMutation, useFollowUps } from './api';
import { useSimpleInfo } from '../../components/application/useSimpleInfo';
import { useStaffOptions } from '../../components/crud/filters';
import { ApplicationScreen } from '../../components/application/ApplicationScreen';
import { TeachersCell } from './TeachersCell';
import { DictBadge, DictSelect } from '../../components/dict';
import { DateInput, dateItem } from './fields';
import { useConfirm } from '../../components/form/useConfirm';
import { toast } from '../../lib/feedback';
import type { DataColumn } from '../../components/crud/DataTable';
import { useIdParam } from '../../navigation/useScreen';
import { useFocusReturn } from '../../components/useFocusReturn';

type Editing = { mode: 'add' } | { mode: 'edit'; item: FollowUp } | null;

export default function UserFollow() {
  const { t } = useTranslation();
  const id = useIdParam();
  const follow = useFollowUps(id);
  const mutate = useFollowMutation();
  const [editing, setEditing] = useState<Editing>(null);

  const markDone = async (item: FollowUp, isDone: 0 | 1) => {
    await mutate.mutateAsync({ action: 'done', body: { id: item.id, isDone } });
    toast.success(t('application.saved'));
  };

  const columns: DataColumn<FollowUp>[] = [
    { title: t('application.follow.number'), dataIndex: 'number', width: 70, fixed: 'left' },
    {
      title: t('application.follow.service'),
      dataIndex: 'service',
      width: 170,
      render: (v: string) => <DictBadge type={APPLICATION_DICT.followService} value={v} />,
    },
    {
      title: t('application.follow.done'),
      dataIndex: 'isDone',
      width: 110,
      render: (v: number) =>
        v ? <Tag color="success">{t('application.follow.doneYes')}</Tag> : <Tag>{t('application.follow.doneNo')}</Tag>,
    },
    {
      title: t('application.follow.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: string) => <DictBadge type={APPLICATION_DICT.followStatus} value={v} />,
    },
    {
      title: t('application.follow.businessType'),
      dataIndex: 'businessType',
      width: 130,
      render: (v: string | null) => (v ? <DictBadge type={APPLICATION_DICT.businessType} value={v} /> : '-'),
    },
    {
      title: t('application.col.teachers'),
      key: 'teachers',
      width: 210,
      render: (_, r) => <TeachersCell signing={r.signingTeacher} follow={r.followTeacher} />,
    },
    { title: t('application.follow.appliedSchool'), dataIndex: 'appliedSchool', width: 180, render: (v) => v ?? '-' },
    { title: t('application.follow.attendedSchool'), dataIndex: 'attendedSchool', width: 180, render: (v) => v ?? '-' },
    { title: t('application.follow.contractDate'), dataIndex: 'contractDate', width: 120, render: (v) => v ?? '-' },
    {
      title: t('application.follow.internalNote'),
      dataIndex: 'internalNote',
      width: 200,
      ellipsis: true,
      render: (v) => v ?? '-',
    },
    {
      title: t('application.col.actions'),
      key: 'actions',
      width: 190,
      // Kept in view however far the table scrolls.
      fixed: 'right',
      render: (_, r) => (
        <Permission perm={PERM.followUpdate}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', item: r })}>
              {t('application.edit')}
            </Button>
            {r.isDone ? (
              <Popconfirm title={t('application.follow.undoConfirm')} onConfirm={() => markDone(r, 0)}>
                <Button type="link" size="small">
                  {t('application.follow.undo')}
                </Button>
              </Popconfirm>
            ) : (
              <Popconfirm title={t('application.follow.doneConfirm')} onConfirm={() => markDone(r, 1)}>
                <Button type="link" size="small" icon={<CheckOutlined />} data-testid={`follow-done-${r.number}`}>
                  {t('application.follow.markDone')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <ApplicationScreen id={id} title={t('application.follow.title')}>
      <ListCard
        title={t('application.follow.items')}
        add={{
          perm: PERM.followAdd,
          label: t('application.follow.add'),
          onClick: () => setEditing({ mode: 'add' }),
          testId: 'follow-add',
        }}
      >
        <Row align="middle" gutter={16} style={{ marginBottom: 16 }}>
          <Col flex="none">{t('application.follow.ratio')}</Col>
          <Col flex="auto">
            <Progress
              percent={follow.data?.completionRatio ?? 0}
              aria-label={t('application.follow.ratio')}
              data-testid="follow-ratio"
              format={(p) => `${p}% (${follow.data?.followDone ?? 0}/${follow.data?.followTotal ?? 0})`}
            />
          </Col>
        </Row>
        <PagedTable<FollowUp>
          columns={columns}
          query={follow}
          emptyText={t('application.follow.empty')}
          testId="follow-table"
          scrollX="max-content"
        />
      </ListCard>
      {id && editing && (
        <FollowForm
          applicationId={id}
          editing={editing}
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            if (editing.mode === 'add')
              await mutate.mutateAsync({ action: 'add', body: { applicationId: id, ...values } });
            else await mutate.mutateAsync({ action: 'update', body: { id: editing.item.id, ...values } });
            toast.success(t('application.saved'));
            setEditing(null);
          }}
        />
      )}
    </ApplicationScreen>
  );
}

type FollowValues = Record<string, string | number | null>;

function FollowForm({
  applicationId,
  editing,
  onClose,
  onSubmit,
}: {
  applicationId: number;
  editing: Exclude<Editing, null>;
  onClose: () => void;
  onSubmit: (v: FollowValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  useFocusReturn();
  const confirm = useConfirm();
  const [form] = Form.useForm<FollowValues>();
  const staff = useStaffOptions();
  const info = useSimpleInfo(applicationId);
  const [busy, setBusy] = useState(false);
  const options = staff.data;
  const item = editing.mode === 'edit' ? editing.item : null;
  const initial: FollowValues = item
    ? {
        service: item.service,
        isDone: item.isDone,
        status: item.status,
        businessType: item.businessType,
        signingTeacherId: item.signingTeacher?.id ?? null,
        followTeacherId: item.followTeacher?.id ?? null,
        appliedSchool: item.appliedSchool,
        attendedSchool: item.attendedSchool,
        contractDate: item.contractDate,
        internalNote: item.internalNote,
      }
    : {
        status: FOLLOW_DEFAULT_STATUS,
        isDone: 0,
        // A new item starts with the application's teachers.
        signingTeacherId: info.data?.signingTeacher?.id ?? null,
        followTeacherId: info.data?.followTeacher?.id ?? null,
      };

  // A refused save shows the form's errors (validation) or the server's toast (api client) and nothing else:
  // neither rejection may escape as an uncaught promise rejection.
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    confirm(t('application.saveConfirm'), async () => {
      setBusy(true);
      try {
        await onSubmit(values);
      } catch {
        // Already shown by the api client; the dialog stays open for a correction.
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <Modal
      open
      width={720}
      title={item ? t('application.follow.edit') : t('application.follow.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, 'data-testid': 'follow-submit' } as ButtonProps}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} name="follow" layout="vertical" initialValues={initial}>
        <FieldRow spans={[12, 6, 6, 12, 12, 12, 12, 12, 12, 24]}>
          <Form.Item
            name="service"
            label={t('application.follow.service')}
            rules={[{ required: true, message: t('application.v.required') }]}
          >
            <DictSelect type={APPLICATION_DICT.followService} />
          </Form.Item>
          <Form.Item name="status" label={t('application.follow.status')}>
            <DictSelect type={APPLICATION_DICT.followStatus} allowClear={false} />
          </Form.Item>
          <Form.Item
            name="isDone"
            label={t('application.follow.done')}
            valuePropName="checked"
            getValueProps={(v?: number) => ({ checked: v === 1 })}
            normalize={(c: boolean) => (c ? 1 : 0)}
          >
            <Switch />
          </Form.Item>
          <Form.Item name="signingTeacherId" label={t('application.signingTeacher')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options} />
          </Form.Item>
          <Form.Item name="followTeacherId" label={t('application.followTeacher')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options} />
          </Form.Item>
          <Form.Item name="appliedSchool" label={t('application.follow.appliedSchool')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="attendedSchool" label={t('application.follow.attendedSchool')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="businessType" label={t('application.follow.businessType')}>
            <DictSelect type={APPLICATION_DICT.businessType} />
          </Form.Item>
          <Form.Item name="contractDate" label={t('application.follow.contractDate')} {...dateItem}>
            <DateInput />
          </Form.Item>
          <Form.Item name="internalNote" label={t('application.follow.internalNote')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </FieldRow>
      </Form>
    </Modal>
  );
}
