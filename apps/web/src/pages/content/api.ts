import { useQuery } from '@tanstack/react-query';
import { Code, contentApi, merchantApi } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { crudApi, useWrite } from '../../components/crud/crud';

export const CONTENT_ROOT = 'contents';
export const contentCrud = crudApi(CONTENT_ROOT, contentApi, Code.BAD_REQUEST);

export const useMerchant = () =>
  useQuery({ queryKey: ['merchant'], queryFn: ({ signal }) => fetchData(merchantApi.view, undefined, { signal }) });

export const useMerchantUpdate = () =>
  useWrite('merchant', merchantApi.update, { silentCodes: [Code.BAD_REQUEST, Code.CONFLICT] });
