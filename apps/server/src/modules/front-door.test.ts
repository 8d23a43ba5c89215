import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's real ESLint configuration, run on code as if it lived at `filePath`.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const frontDoorErrors = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/module-front-door');
};

describe('module front doors (lint)', () => {
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
