import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type ManifestEntry = { file: string; name?: string };
const MANIFEST = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/.vite/manifest.json');

// The address of the built chunks named after `names` (their first module's name, as the build's manifest gives it),
// for a test that holds or drops them: the files are named by their hash alone (decision 351).
export function chunkUrl(...names: string[]): RegExp {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestEntry>;
  const files = names.map((name) => {
    const entry = Object.values(manifest).find((e) => e.name === name && e.file.endsWith('.js'));
    if (!entry) throw new Error(`no built chunk named ${name} in ${MANIFEST}`);
    return path.basename(entry.file).replace(/\./g, '\\.');
  });
  return new RegExp(`/sadmin/assets/(${files.join('|')})$`);
}
