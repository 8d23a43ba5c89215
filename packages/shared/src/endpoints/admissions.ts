import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  CycleAddBody,
  CycleListQuery,
  CycleOptionSchema,
  CyclePage,
  CycleSchema,
  CycleUpdateBody,
} from '../schemas/admissions.js';
import { IdParam } from '../wire.js';

// Admissions cycles (issue 40): administrators keep the UCAS dates; the application form reads the options.
export const admissionsApi = {
  list: getCall('/api/v1/mc/admissionsCycle/list', CycleListQuery, CyclePage),
  options: getCall('/api/v1/mc/admissionsCycle/options', undefined, z.array(CycleOptionSchema)),
  add: postCall('/api/v1/mc/admissionsCycle/add', CycleAddBody, CycleSchema),
  update: postCall('/api/v1/mc/admissionsCycle/update', CycleUpdateBody, CycleSchema),
  remove: postCall('/api/v1/mc/admissionsCycle/remove', IdParam, z.null()),
};
