import { useMutation, useQuery } from '@tanstack/react-query';
import { Code, contentApi, merchantApi, type Merchant } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { unwrap } from '../../api/client';
import { uploadWithProgress } from '../../api/upload';
import { crudApi, useWrite } from '../../components/crud/crud';

export const CONTENT_ROOT = 'contents';
export const contentCrud = crudApi(CONTENT_ROOT, contentApi, Code.BAD_REQUEST);

export const useMerchant = () =>
  useQuery({ queryKey: ['merchant'], queryFn: ({ signal }) => fetchData(merchantApi.view, undefined, { signal }) });

export const useMerchantUpdate = () =>
  useWrite('merchant', merchantApi.update, { silentCodes: [Code.BAD_REQUEST, Code.CONFLICT] });

// The logo: uploaded as a file (checked by content on the server) or removed.
export const useMerchantLogo = () => ({
  upload: useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return unwrap(uploadWithProgress<Merchant>(merchantApi.uploadLogo.url, form, () => undefined).promise);
    },
    meta: { touches: ['merchant'] },
  }),
  remove: useMutation({
    mutationFn: () => fetchData(merchantApi.removeLogo, {}),
    meta: { touches: ['merchant'] },
  }),
});
