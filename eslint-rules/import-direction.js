// @ts-check
// The import direction of the map (ARCHITECTURE.md; docs/decisions/071), on resolved paths so
// `worker/upstream/` (the worker's own client) is never mistaken for the top-level `upstream/`:
//   - src/lib imports nothing of ours outside src/lib (it stays pure and portable);
//   - nothing under src/ imports worker/ or upstream/ (pages get their context as Astro.locals);
//   - worker/ does not import upstream/, except worker/index-embedded.ts, the one entry that
//     injects the in-process upstream (docs/decisions/110).
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
/** Top-level folders that hold our code; a relative import resolving anywhere else is not ours. */
const OURS = ['src', 'worker', 'upstream', 'tests', 'bench', 'scripts', 'migrations', 'public'];
const EMBEDDED_ENTRY = 'worker/index-embedded.ts';

/** Repository-relative path with forward slashes, or null when outside the repository. */
function repoPath(absolute) {
  const path = relative(ROOT, absolute);
  if (path.startsWith('..') || isAbsolute(path)) return null;
  return path.split(sep).join('/');
}

const under = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/** The message for `file` importing `target` (both repository-relative), or null when allowed. */
export function importDirectionViolation(file, target) {
  if (!OURS.some((folder) => under(target, folder))) return null;
  if (under(file, 'src/lib') && !under(target, 'src/lib'))
    return `src/lib is pure: it imports nothing of ours outside src/lib (found ${target}).`;
  if (under(file, 'src') && (under(target, 'worker') || under(target, 'upstream')))
    return `src/ does not import ${target.split('/')[0]}/: pages get their context as Astro.locals (docs/decisions/070).`;
  if (under(file, 'worker') && under(target, 'upstream') && file !== EMBEDDED_ENTRY)
    return `worker/ reaches the upstream only through its client; only ${EMBEDDED_ENTRY} imports upstream/ (docs/decisions/110).`;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports follow the direction src/lib ← src ← worker; upstream/ only through the embedded entry.',
    },
    schema: [],
  },
  create(context) {
    const file = repoPath(context.filename);
    if (!file) return {};
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const target = repoPath(resolve(dirname(context.filename), source.value));
      const message = target && importDirectionViolation(file, target);
      if (message) context.report({ node: source, message });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-direction': rule } };
