// The lint is the architecture's rule book: each rule must fail the code it forbids, and allow what is fine.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// `ignore: false` lets the fixtures (kept out of the real lint) be linted here.
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleIds(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('architecture lint', () => {
  it('a web feature importing another feature fails', async () => {
    const code = "import { preupload } from '@/features/upload/api/preupload';\nexport const x = preupload;\n";
    expect(await ruleIds(code, 'apps/web/src/features/team/components/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code, 'apps/web/src/features/upload/components/probe.ts')).not.toContain('import-x/no-restricted-paths');
  });

  it('shared web code importing a feature or the app shell fails', async () => {
    const feature = "import { preupload } from '@/features/upload/api/preupload';\nexport const x = preupload;\n";
    const shell = "import { router } from '@/app/router';\nexport const x = router;\n";
    expect(await ruleIds(feature, 'apps/web/src/lib/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(shell, 'apps/web/src/components/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('lib never imports components, and config imports neither lib nor components', async () => {
    const component = "import { sameMedia } from '@/components/player/sources';\nexport const x = sameMedia;\n";
    const lib = "import { createApiClient } from '@/lib/api-client';\nexport const x = createApiClient;\n";
    expect(await ruleIds(component, 'apps/web/src/lib/clips/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(component, 'apps/web/src/config/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(lib, 'apps/web/src/config/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(lib, 'apps/web/src/components/probe.ts')).not.toContain('import-x/no-restricted-paths');
  });

  it('config, db, storage, plugins, the job definition and shared root files never import a module', async () => {
    const probe = (from) =>
      `import type { BillingService } from '${from}modules/billing/billing.service';\nexport type X = BillingService;\n`;
    const forbidden = [
      ['apps/server/src/config.ts', './'],
      ['apps/server/src/config/probe.ts', '../'],
      ['apps/server/src/caller.ts', './'],
      ['apps/server/src/db/probe.ts', '../'],
      ['apps/server/src/storage/probe.ts', '../'],
      ['apps/server/src/plugins/probe.ts', '../'],
      ['apps/server/src/jobs/define-job.ts', '../'],
      ['apps/server/src/jobs/job-queue.ts', '../'],
    ];
    for (const [file, up] of forbidden) {
      expect(await ruleIds(probe(up), file), file).toContain('import-x/no-restricted-paths');
    }
    // The composition root wires modules, and a module may call another module's service.
    expect(await ruleIds(probe('./'), 'apps/server/src/app.ts')).not.toContain('import-x/no-restricted-paths');
    expect(await ruleIds(probe('./'), 'apps/server/src/job-registry.ts')).not.toContain('import-x/no-restricted-paths');
    expect(await ruleIds(probe('../../'), 'apps/server/src/modules/videos/probe.ts')).not.toContain('import-x/no-restricted-paths');
  });

  it('the job machinery and the modules never import the job registry; the composition root does', async () => {
    const probe = (from) => `import type { jobRegistry } from '${from}job-registry';\nexport type X = typeof jobRegistry;\n`;
    expect(await ruleIds(probe('../'), 'apps/server/src/jobs/job-queue.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(probe('../'), 'apps/server/src/jobs/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(probe('./'), 'apps/server/src/job-context.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(probe('../../'), 'apps/server/src/modules/notifications/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(probe('./'), 'apps/server/src/runtime.ts')).not.toContain('import-x/no-restricted-paths');
  });

  it("a server module's repository is private to the module", async () => {
    const code = "import { createVideosRepo } from '../videos/videos.repo';\nexport const x = createVideosRepo;\n";
    expect(await ruleIds(code, 'apps/server/src/modules/teams/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code.replace('../videos/', './'), 'apps/server/src/modules/videos/probe.ts')).not.toContain('import-x/no-restricted-paths');
    const fromOutside = "import { createVideosRepo } from '../../src/modules/videos/videos.repo';\nexport const x = createVideosRepo;\n";
    expect(await ruleIds(fromOutside, 'apps/server/test/videos/probe.test.ts')).toContain('import-x/no-restricted-paths');
  });

  it("only a module's repositories import its tables", async () => {
    const code = "import { videos } from '../../db/schema';\nexport const x = videos;\n";
    expect(await ruleIds(code, 'apps/server/src/modules/videos/probe.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code, 'apps/server/src/modules/videos/videos.service.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code.replace('../../', '../../../'), 'apps/server/src/modules/videos/transcode/probe.ts')).toContain('import-x/no-restricted-paths');
    const typeOnly = "import type { videos } from '../../db/schema/videos';\nexport type X = typeof videos;\n";
    expect(await ruleIds(typeOnly, 'apps/server/src/modules/videos/video-view.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code, 'apps/server/src/modules/videos/videos.repo.ts')).not.toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code.replace('../../', '../../../'), 'apps/server/src/modules/videos/transcode/transcode.repo.ts')).not.toContain('import-x/no-restricted-paths');
    // Lower layers below the modules (db/, the shared root files) use the tables directly.
    expect(await ruleIds(code.replace('../../db/', './'), 'apps/server/src/db/probe.ts')).not.toContain('import-x/no-restricted-paths');
  });

  it('an import cycle fails', async () => {
    const [result] = await eslint.lintFiles([path.join(root, 'scripts/test/lint-fixtures/cycle-a.ts')]);
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('file names are kebab-case', async () => {
    const code = 'export const x = 1;\n';
    expect(await ruleIds(code, 'apps/server/src/modules/videos/videoStore.ts')).toContain('check-file/filename-naming-convention');
    expect(await ruleIds(code, 'apps/server/src/modules/videos/video-store.test.ts')).not.toContain('check-file/filename-naming-convention');
  });

  it('React hooks follow the rules of hooks', async () => {
    const code = "import { useState } from 'react';\nexport function X({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await ruleIds(code, 'apps/web/src/components/probe.tsx')).toContain('react-hooks/rules-of-hooks');
  });
});
