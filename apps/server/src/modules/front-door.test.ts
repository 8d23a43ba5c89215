import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';
import { engineFree } from '../test/engine.js';

// The project's real ESLint configuration, run on code as if it lived at `filePath`. The type-aware rule of the web
// app needs the file in its TypeScript project, which these made-up files are not: it is left out here.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['apps/web/**'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-deprecated': 'off' },
  },
});
const ruleErrors = async (rule: string, code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule);
};
const frontDoorErrors = (code: string, filePath: string) => ruleErrors('local/module-front-door', code, filePath);
const layerErrors = (code: string, filePath: string) => ruleErrors('no-restricted-imports', code, filePath);
const pageErrors = (code: string, filePath: string) => ruleErrors('local/page-folders', code, filePath);

engineFree.describe('module front doors (lint)', () => {
  it("refuses another module's repository imported from a module", async () => {
    const errors = await frontDoorErrors(
      "import { createPeopleRepository } from '../people/people.repository.js';\nvoid createPeopleRepository;\n",
      'apps/server/src/modules/follow-up/example.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain("'people/index.js'");
  });

  it('refuses an internal file re-exported or imported from outside modules/', async () => {
    const fromHttp = await frontDoorErrors(
      "export type { SessionService } from '../modules/auth/session.service.js';\n",
      'apps/server/src/http/example.ts',
    );
    const fromRoot = await frontDoorErrors(
      "import { registerTagRoutes } from './tag/tag.routes.js';\nvoid registerTagRoutes;\n",
      'apps/server/src/modules/index.ts',
    );
    expect(fromHttp).toHaveLength(1);
    expect(fromRoot).toHaveLength(1);
  });

  it("accepts a module's index and a module's own files", async () => {
    const errors = await frontDoorErrors(
      [
        "import { createPeopleService } from '../people/index.js';",
        "import { createFollowUpRepository } from './follow-up.repository.js';",
        "import { AppError } from '../../http/errors.js';",
        'void createPeopleService;',
        'void createFollowUpRepository;',
        'void AppError;',
        '',
      ].join('\n'),
      'apps/server/src/modules/follow-up/example.ts',
    );
    expect(errors).toEqual([]);
  });
});

// An import of `from` in a file at `at`, and how many layer errors the real configuration reports for it.
const layerCases: [what: string, from: string, at: string, errors: number][] = [
  ['a module, from the HTTP contract', '../modules/auth/index.js', 'apps/server/src/http/example.ts', 1],
  ['a module, from the database layer', '../modules/auth/index.js', 'apps/server/src/db/example.ts', 1],
  ['the seed, from the database layer', '../seed/seed.js', 'apps/server/src/db/example.ts', 1],
  ['app/, from a web page', '../../app/useScreen', 'apps/web/src/pages/home/Example.tsx', 1],
  ['app/, from the kit', '../../app/useScreen', 'apps/web/src/components/crud/Example.tsx', 1],
  ['app/, from a store', '../app/paths', 'apps/web/src/stores/example.ts', 1],
  ['a page, from the kit', '../../pages/home/api', 'apps/web/src/components/crud/Example.tsx', 1],
  ['navigation/, from a web page', '../../navigation/useScreen', 'apps/web/src/pages/home/Example.tsx', 0],
  ['the kit, from a web page', '../../components/crud/PagedTable', 'apps/web/src/pages/home/Example.tsx', 0],
  ['a page, from the frame', '../pages/home/HomePage', 'apps/web/src/app/example.tsx', 0],
  ['a module, from the seed', '../modules/auth/index.js', 'apps/server/src/seed/example.ts', 0],
];

engineFree.describe('layers (lint)', () => {
  it.each(layerCases)('%s: %s in %s gives %i error(s)', async (_what, from, at, errors) => {
    const found = await layerErrors(`import { x } from '${from}';\nvoid x;\n`, at);
    expect(found).toHaveLength(errors);
  });
});

// An import of `from` in a file at `at`, and how many page-folder errors the real configuration reports for it.
const pageCases: [what: string, from: string, at: string, errors: number][] = [
  ['another page', '../application/api', 'apps/web/src/pages/payment/Example.tsx', 1],
  ['another page, from a subfolder', '../../audit/locale', 'apps/web/src/pages/application/detail/Example.tsx', 1],
  ['another page, lazily', '../import/Example', 'apps/web/src/pages/application/Example.tsx', 1],
  ['its own folder', './api', 'apps/web/src/pages/payment/Example.tsx', 0],
  ['its own folder, from a subfolder', '../api', 'apps/web/src/pages/application/detail/Example.tsx', 0],
  ['the kit', '../../components/crud/filters', 'apps/web/src/pages/payment/Example.tsx', 0],
  ['a page, from the frame', '../pages/payment/api', 'apps/web/src/app/example.tsx', 0],
];

engineFree.describe('page folders (lint)', () => {
  it.each(pageCases)('%s: %s in %s gives %i error(s)', async (what, from, at, errors) => {
    const code = what.endsWith('lazily') ? `void import('${from}');\n` : `import { x } from '${from}';\nvoid x;\n`;
    expect(await pageErrors(code, at)).toHaveLength(errors);
  });
});
