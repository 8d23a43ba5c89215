import { useTranslation } from 'react-i18next';
import { Input, Select } from 'antd';
import { MEDICAL_SUBJECTS, TARGET_DECISIONS, TARGET_REPLIES, TARGET_ROUTES } from '@study-crm/shared';
import { useCycleOptions } from '../api';
import { LEN } from './formValues';
import { RowField } from './RowsSection';

// A target school as a UCAS choice (issue 40): its cycle and route, what the rules need (institution code for
// Oxford and Cambridge, subject area for medicine/dentistry/veterinary), the decision and the student's reply.
export function ChoiceFields({ i }: { i: number }) {
  const { t } = useTranslation();
  const cycles = useCycleOptions();
  const cycleOptions = (cycles.data ?? []).map((c) => ({
    value: c.id,
    label: t('application.choice.cycle', { year: c.entryYear }),
    title: t('application.choice.cycleDeadlines', {
      early: c.earlyDeadline,
      equal: c.equalDeadline,
      final: c.finalDeadline,
      time: c.deadlineTime,
    }),
    disabled: c.status === 'disabled',
  }));
  const routeOptions = TARGET_ROUTES.map((k) => ({ value: k, label: t(`application.choice.route.${k}`) }));
  const subjectOptions = MEDICAL_SUBJECTS.map((k) => ({ value: k, label: t(`application.choice.subject.${k}`) }));
  const decisionOptions = TARGET_DECISIONS.map((k) => ({ value: k, label: t(`application.choice.decision.${k}`) }));
  const replyOptions = TARGET_REPLIES.map((k) => ({ value: k, label: t(`application.choice.reply.${k}`) }));
  return (
    <>
      <RowField i={i} name="cycleId" xs={12} md={4}>
        <Select allowClear options={cycleOptions} loading={cycles.isLoading} />
      </RowField>
      <RowField i={i} name="route" xs={12} md={4}>
        <Select allowClear options={routeOptions} />
      </RowField>
      <RowField i={i} name="institutionCode" xs={12} md={4} max={LEN.targetSchools.institutionCode}>
        <Input maxLength={LEN.targetSchools.institutionCode} placeholder={t('application.choice.codePlaceholder')} />
      </RowField>
      <RowField i={i} name="subjectArea" xs={12} md={4}>
        <Select allowClear placeholder={t('application.choice.subject.none')} options={subjectOptions} />
      </RowField>
      <RowField i={i} name="decision" xs={12} md={4}>
        <Select options={decisionOptions} />
      </RowField>
      <RowField i={i} name="reply" xs={12} md={4}>
        <Select allowClear options={replyOptions} />
      </RowField>
    </>
  );
}
