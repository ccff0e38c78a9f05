export const LOGIN_JS_BUDGET_KIB: number;
export const LOGIN_CSS_BUDGET_KIB: number;
export const LOGIN_ROUTE_MODULE: string;
export type WeighedFile = { file: string; raw: number; gzip: number };
export function pageWeight(
  dist: string,
  routeModules: string[],
): { files: WeighedFile[]; gzip: number; jsGzip: number; cssGzip: number };
export function kib(bytes: number): string;
