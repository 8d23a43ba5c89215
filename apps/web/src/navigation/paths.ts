// Screen paths of the applicationManage group (server menu: group path + component key).
const GROUP = '/applicationManage';
const withId = (screen: string, id?: number) => `${GROUP}/${screen}${id ? `?id=${id}` : ''}`;

export const PATHS = {
  list: `${GROUP}/applicationList`,
  detail: (id?: number) => withId('applicationDetail', id),
  follow: (id: number) => withId('userFollow', id),
  files: (id: number) => withId('userFiles', id),
  payments: (id: number) => withId('userTransactions', id),
  transactions: `${GROUP}/userTransactions`,
  followScreen: `${GROUP}/userFollow`,
  filesScreen: `${GROUP}/userFiles`,
};
