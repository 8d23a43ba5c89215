import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import { PersonOptionSchema } from '../schemas/person-option.js';
import {
  CheckMemberQuery,
  CheckMemberSchema,
  ConstitutionHistoryPage,
  ConstitutionHistoryQuery,
  ConstitutionQuery,
  ConstitutionSaveBody,
  ConstitutionSchema,
  MyProjectsQuery,
  ProjectAddBody,
  ProjectListQuery,
  ProjectMemberAddBody,
  ProjectMemberSchema,
  ProjectMemberUpdateBody,
  ProjectPage,
  ProjectStaffQuery,
  ProjectUpdateBody,
  ProjectViewSchema,
} from '../schemas/project.js';
import { IdParam } from '../wire.js';

const P = '/api/v1/cake/projects';

// Projects (issue 21): all projects (project:list), the caller's own, details, members and shares, constitution.
export const projectApi = {
  list: getCall(`${P}/list`, ProjectListQuery, ProjectPage),
  mine: getCall(`${P}/mine`, MyProjectsQuery, ProjectPage),
  view: getCall(`${P}/view`, IdParam, ProjectViewSchema),
  add: postCall(`${P}/add`, ProjectAddBody, ProjectViewSchema),
  update: postCall(`${P}/update`, ProjectUpdateBody, ProjectViewSchema),
  remove: postCall(`${P}/remove`, IdParam, z.null()),
  staffOptions: getCall(`${P}/staffOptions`, ProjectStaffQuery, z.array(PersonOptionSchema)),
  addMember: postCall(`${P}/members/add`, ProjectMemberAddBody, ProjectMemberSchema),
  updateMember: postCall(`${P}/members/update`, ProjectMemberUpdateBody, ProjectMemberSchema),
  removeMember: postCall(`${P}/members/remove`, IdParam, z.null()),
  checkMemberInProject: getCall(`${P}/checkMemberInProject`, CheckMemberQuery, CheckMemberSchema),
  constitution: getCall(`${P}/constitution`, ConstitutionQuery, ConstitutionSchema),
  saveConstitution: postCall(`${P}/constitution/save`, ConstitutionSaveBody, ConstitutionSchema),
  constitutionHistory: getCall(`${P}/constitution/history`, ConstitutionHistoryQuery, ConstitutionHistoryPage),
};
