export const c = () => import('../a/a.service');
