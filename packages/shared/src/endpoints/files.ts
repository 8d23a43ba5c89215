import { postCall } from '../endpoint.js';
import { UploadedSchema } from '../schemas/application.js';

// The calls of the files module (spec section 7).
export const filesApi = {
  upload: postCall('/api/v1/fms/upload', undefined, UploadedSchema),
};
