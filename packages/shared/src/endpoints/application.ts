import { z } from 'zod';
import { getCall, postCall, rawCall } from '../endpoint.js';
import {
  ApplicationCreateSchema,
  ApplicationListQuery,
  ApplicationPageSchema,
  ApplicationSavedSchema,
  ApplicationSimpleSchema,
  ApplicationUpdateOtherSchema,
  ApplicationUpdateSchema,
  ApplicationViewSchema,
  FileListQuery,
  FilePageSchema,
  FileRecordSchema,
  FileUpdateSchema,
  PersonRefSchema,
} from '../schemas/application.js';
import { IdParam, zEmpty } from '../wire.js';

// The calls of the application module (spec section 7).
export const applicationApi = {
  list: getCall('/api/v1/mc/applicationRecord/list', ApplicationListQuery, ApplicationPageSchema),
  staffOptions: getCall('/api/v1/mc/applicationRecord/staffOptions', undefined, z.array(PersonRefSchema)),
  simpleInfo: getCall('/api/v1/mc/applicationRecord/simpleInfo', IdParam, ApplicationSimpleSchema),
  view: getCall('/api/v1/mc/applicationRecord/view', IdParam, ApplicationViewSchema),
  create: postCall('/api/v1/mc/applicationRecord/create', ApplicationCreateSchema, ApplicationSavedSchema),
  update: postCall('/api/v1/mc/applicationRecord/update', ApplicationUpdateSchema, ApplicationSavedSchema),
  updateOther: postCall(
    '/api/v1/mc/applicationRecord/updateOther',
    ApplicationUpdateOtherSchema,
    ApplicationSavedSchema,
  ),
  fileList: getCall('/api/v1/mc/applicationRecord/fileList', FileListQuery, FilePageSchema),
  uploadFile: postCall('/api/v1/mc/applicationRecord/uploadFile', undefined, FileRecordSchema),
  updateFileRecord: postCall('/api/v1/mc/applicationRecord/updateFileRecord', FileUpdateSchema, FileRecordSchema),
  removeFileRecord: postCall('/api/v1/mc/applicationRecord/removeFileRecord', IdParam, zEmpty),
  downloadFile: rawCall('/api/v1/mc/applicationRecord/downloadFile', IdParam, 'application/octet-stream'),
};
