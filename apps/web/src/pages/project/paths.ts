// The project details screen (a fixed route of the user centre: every member of a project may open it).
export const PROJECT_DETAIL_PATH = '/user/projectDetail';
export const projectDetailPath = (id: number) => `${PROJECT_DETAIL_PATH}?id=${id}`;
