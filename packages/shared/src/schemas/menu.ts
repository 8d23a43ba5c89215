import { z } from 'zod';
import { zFlag, zId, zIdList, zInt } from '../wire.js';

// One item of the menu/permission tree as the server sends it. Recursive, so the OpenAPI document names it as a
// component (`id`): a `$ref` is how a schema refers to itself.
export type MenuItem = {
  id: number;
  parentId: number;
  name: string;
  title: string;
  icon: string | null;
  url: string | null;
  sort: number;
  isShow: 0 | 1;
  component: string | null;
  perm: string;
  type: 'menu' | 'button';
  children: MenuItem[];
};

export const MenuItemSchema: z.ZodType<MenuItem> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int().describe('0 for a root item'),
      name: z.string().describe('English name, also the locale key'),
      title: z.string(),
      icon: z.string().nullable(),
      url: z.string().nullable().describe('route path'),
      sort: z.number().int().describe('ascending'),
      isShow: z.union([z.literal(0), z.literal(1)]),
      component: z.string().nullable().describe('front-end component key'),
      perm: z.string().describe('permission identifier'),
      type: z.enum(['menu', 'button']),
      children: z.array(MenuItemSchema),
    }),
  )
  .meta({ id: 'MenuItem' });

export const MENU_TYPES = ['menu', 'button'] as const;

// Permission identifiers and route paths: no spaces, no markup.
const zPermId = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9:_.*-]+$/, 'v.format');

// Required on save (spec section 5): parent, English name, type, permission identifier, component and path.
// Component and path are required for menus only: a function button is not a route.
const menuFields = {
  parentId: zInt().pipe(z.number().min(0)).describe('parent item id, 0 for a root item'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'v.format')
    .describe('English name, also the locale key'),
  title: z.string().trim().max(64).nullish().describe('title shown where no locale string exists; defaults to name'),
  type: z.enum(MENU_TYPES).describe('menu or button (function button)'),
  perm: zPermId().describe('permission identifier, unique'),
  component: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'v.format')
    .nullish()
    .describe('front-end component key; required for menus'),
  url: z
    .string()
    .trim()
    .max(200)
    .regex(/^\/?[A-Za-z0-9_\-/:]+$/, 'v.format')
    .nullish()
    .describe('route path; required for menus'),
  icon: z.string().trim().max(64).nullish(),
  sort: zInt().describe('sort order, ascending'),
  isShow: zFlag().nullish().describe('1 shows the item in the side menu (default 1 for menus, 0 for buttons)'),
};

const menuNeedsRoute = (v: { type: string; component?: string | null; url?: string | null }, ctx: z.RefinementCtx) => {
  if (v.type !== 'menu') return;
  if (!v.component) ctx.addIssue({ code: 'custom', path: ['component'], message: 'v.required' });
  if (!v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'v.required' });
};

export const MenuAddBody = z.object(menuFields).superRefine(menuNeedsRoute);
export type MenuAddBody = z.infer<typeof MenuAddBody>;
export const MenuUpdateBody = z.object({ id: zId().describe('item id'), ...menuFields }).superRefine(menuNeedsRoute);
export type MenuUpdateBody = z.infer<typeof MenuUpdateBody>;

export const MenuIdsBody = z.object({ ids: zIdList().pipe(z.array(z.number()).min(1, 'v.required')) });
export const RolePermissionsQuery = z.object({ roleId: zId().describe('role id') });
