import type { Plugin } from 'vite';

// The client build's module graph, for the edge to preload what an island needs (issue 22 §5).
// An island's scripts arrive in waves: the component, then the chunks it imports, then theirs,
// each a round trip on a slow phone. The build writes, for every chunk, all the chunks it
// imports statically (transitively); the worker reads it once per isolate and puts one
// `<link rel="modulepreload">` per chunk of the page's eager islands before `</body>`, so the
// browser fetches them all at once (worker/island-preload.ts).

/** Where the graph is written in the client output (served as an asset, like `/_astro/*`). */
export const ISLAND_GRAPH_FILE = 'island-graph.json';

interface OutputChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: readonly string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  facadeModuleId?: string | null;
}

/** The graph's key for a source module's own chunk: `module:` and its path from the project root. */
export const moduleKey = (path: string) => `module:${path}`;

/**
 * For each chunk, every chunk it imports statically, at any depth (as `/`-rooted URLs); and for
 * each entry chunk's source module under `root` (an island's component), `module:<path>` → its
 * chunk, so the edge can name a page's islands before the page is rendered (the likely next page's
 * chunks, worker/island-preload.ts).
 */
export function staticImportGraph(bundle: Record<string, OutputChunkLike>, root = ''): Record<string, string[]> {
  const direct = new Map<string, readonly string[]>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') direct.set(item.fileName, item.imports ?? []);
  const graph: Record<string, string[]> = {};
  for (const fileName of direct.keys()) {
    const seen = new Set<string>();
    const stack = [...(direct.get(fileName) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(direct.get(next) ?? []));
    }
    seen.delete(fileName);
    graph[`/${fileName}`] = [...seen].sort().map((name) => `/${name}`);
  }
  const prefix = root.endsWith('/') ? root : `${root}/`;
  for (const item of Object.values(bundle)) {
    const id = item.facadeModuleId ?? '';
    if (item.type === 'chunk' && (item.isEntry || item.isDynamicEntry) && root && id.startsWith(prefix))
      graph[moduleKey(id.slice(prefix.length))] = [`/${item.fileName}`];
  }
  return graph;
}

/** A Vite plugin: the client build also emits ISLAND_GRAPH_FILE. */
export function islandGraphPlugin(): Plugin {
  let root = '';
  return {
    name: 'harvest:island-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      // only the browser's build: its chunks are the ones under /_astro/ that pages load
      if (this.environment && this.environment.name !== 'client') return;
      const graph = staticImportGraph(bundle as unknown as Record<string, OutputChunkLike>, root);
      if (!Object.keys(graph).some((name) => name.startsWith('/_astro/'))) return;
      this.emitFile({ type: 'asset', fileName: ISLAND_GRAPH_FILE, source: JSON.stringify(graph) });
    },
  };
}
