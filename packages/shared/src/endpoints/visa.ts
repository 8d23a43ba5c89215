import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  DueSoonPage,
  DueSoonQuery,
  VisaChecklistSchema,
  VisaStageAddBody,
  VisaStageListQuery,
  VisaStagePage,
  VisaStageSchema,
  VisaStageUpdateBody,
  VisaStepSaveBody,
  VisaStepSchema,
} from '../schemas/visa.js';
import { IdParam } from '../wire.js';

// The Student visa checklist (issue 40): stages under System setup → Admissions, steps on each application, and the
// applications list's "this week".
export const visaApi = {
  stageList: getCall('/api/v1/mc/visaStage/list', VisaStageListQuery, VisaStagePage),
  stageAdd: postCall('/api/v1/mc/visaStage/add', VisaStageAddBody, VisaStageSchema),
  stageUpdate: postCall('/api/v1/mc/visaStage/update', VisaStageUpdateBody, VisaStageSchema),
  stageRemove: postCall('/api/v1/mc/visaStage/remove', IdParam, z.null()),
  checklist: getCall('/api/v1/mc/applicationVisa/checklist', IdParam, VisaChecklistSchema),
  saveStep: postCall('/api/v1/mc/applicationVisa/saveStep', VisaStepSaveBody, VisaStepSchema),
  thisWeek: getCall('/api/v1/mc/applicationRecord/thisWeek', DueSoonQuery, DueSoonPage),
};
