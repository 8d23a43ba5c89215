import { useQuery } from '@tanstack/react-query';
import {
  Code,
  contributionApi,
  kpiTypeApi,
  projectApi,
  taskApi,
  type KpiTypeOption,
  type TaskStatus,
  type EndpointParams,
} from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { crudApi, useWrite } from '../../components/crud/crud';
import { useKeptRead } from '../../api/useKeptRead';

export const TASK_ROOT = 'tasks';
export const KPI_ROOT = 'kpiTypes';
// Tasks show in contribution lists and project pages once done, so task writes refresh those too.
const TOUCHES = ['contributions', 'projects'] as const;
const FORM_CODES = [Code.BAD_REQUEST, Code.CONFLICT];

export const useTaskList = (scope: 'all' | 'mine', params: EndpointParams<typeof taskApi.list>) =>
  useKeptRead([TASK_ROOT, scope], scope === 'all' ? taskApi.list : taskApi.mine, params);

// One column of the board: the caller's tasks (or a project's, for task:list holders) of one status.
export const useBoardColumn = (scope: 'all' | 'mine', status: TaskStatus, projectId: number | null) =>
  useTaskList(scope, { status, pageSize: 50, ...(scope === 'all' && projectId ? { projectId } : {}) });

export const useTaskWrites = () => ({
  add: useWrite(TASK_ROOT, taskApi.add, { silentCodes: FORM_CODES, touches: TOUCHES }),
  update: useWrite(TASK_ROOT, taskApi.update, { silentCodes: FORM_CODES, touches: TOUCHES }),
  remove: useWrite(TASK_ROOT, taskApi.remove, { touches: TOUCHES }),
  changeStatus: useWrite(TASK_ROOT, taskApi.changeStatus, { touches: TOUCHES }),
});

export const kpiCrud = crudApi(KPI_ROOT, kpiTypeApi, Code.KPI_TYPE_EXISTS, [TASK_ROOT]);

export const useKpiOptions = () =>
  useQuery({
    queryKey: [KPI_ROOT, 'options'],
    queryFn: ({ signal }) => fetchData(kpiTypeApi.options, undefined, { signal }),
    staleTime: 60_000,
  });

// Projects to choose in the task form: all of them with project:list, else the caller's own.
export const useProjectOptions = (keyword: string, all: boolean) =>
  useKeptRead(['projects', 'options', all], all ? projectApi.list : projectApi.mine, {
    keyword: keyword || null,
    pageSize: 20,
  });

// The members of the chosen project, as assignee choices.
export const useProjectMembers = (projectId: number | null) =>
  useQuery({
    enabled: projectId !== null,
    queryKey: ['projects', 'view', projectId],
    queryFn: ({ signal }) => fetchData(projectApi.view, { id: projectId! }, { signal }),
  });

export const useContributions = (params: EndpointParams<typeof contributionApi.list>) =>
  useKeptRead(['contributions', 'list'], contributionApi.list, params);

export const useKpiSummary = (projectId: number | null) =>
  useQuery({
    queryKey: ['contributions', 'kpiSummary', projectId],
    queryFn: ({ signal }) => fetchData(contributionApi.kpiSummary, { projectId }, { signal }),
  });

// The KPI type's name in the interface language.
export const kpiName = (k: Pick<KpiTypeOption, 'nameTw' | 'nameCn' | 'nameEn'>, language: string) =>
  language === 'en-US' ? k.nameEn : language === 'zh-CN' ? k.nameCn : k.nameTw;
