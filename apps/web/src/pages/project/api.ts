import { useQuery } from '@tanstack/react-query';
import { Code, projectApi, type EndpointParams } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { useWrite } from '../../components/crud/crud';
import { useKeptRead } from '../../api/useKeptRead';
import { useRecord } from '../../api/useRecord';

export const PROJECT_ROOT = 'projects';
// Member writes answer 1202 (shares above 100 %), 7700 (already a member), 7701 (last manager) in the form.
const MEMBER_CODES = [
  Code.SHARE_RATIO_EXCEEDED,
  Code.PROJECT_MEMBER_EXISTS,
  Code.PROJECT_LAST_MANAGER,
  Code.BAD_REQUEST,
];
const FORM_CODES = [Code.BAD_REQUEST, Code.CONFLICT];

// All projects (project:list) or the caller's own: one query key each, same page shape.
export const useProjectList = (scope: 'all' | 'mine', params: EndpointParams<typeof projectApi.list>) =>
  useKeptRead([PROJECT_ROOT, scope], scope === 'all' ? projectApi.list : projectApi.mine, params);

export const useProject = (id: number | null) => useRecord(PROJECT_ROOT, projectApi.view, id);

export const useConstitution = (projectId: number, revision: number | null) =>
  useQuery({
    queryKey: [PROJECT_ROOT, 'constitution', projectId, revision],
    queryFn: ({ signal }) => fetchData(projectApi.constitution, { projectId, revision }, { signal }),
  });

export const useConstitutionHistory = (projectId: number, pageNum: number) =>
  useKeptRead([PROJECT_ROOT, 'constitutionHistory'], projectApi.constitutionHistory, {
    projectId,
    pageNum,
    pageSize: 10,
  });

export const useProjectWrites = () => ({
  add: useWrite(PROJECT_ROOT, projectApi.add, { silentCodes: FORM_CODES }),
  update: useWrite(PROJECT_ROOT, projectApi.update, { silentCodes: FORM_CODES }),
  remove: useWrite(PROJECT_ROOT, projectApi.remove),
  addMember: useWrite(PROJECT_ROOT, projectApi.addMember, { silentCodes: MEMBER_CODES }),
  updateMember: useWrite(PROJECT_ROOT, projectApi.updateMember, { silentCodes: MEMBER_CODES }),
  removeMember: useWrite(PROJECT_ROOT, projectApi.removeMember, { silentCodes: [Code.PROJECT_LAST_MANAGER] }),
  saveConstitution: useWrite(PROJECT_ROOT, projectApi.saveConstitution, { silentCodes: FORM_CODES }),
});

export const MEMBER_FORM_CODES = MEMBER_CODES;
