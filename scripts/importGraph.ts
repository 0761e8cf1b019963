import fs from 'node:fs';
import path from 'node:path';

/** The source files of a tree (tests left out: they may import what they test from anywhere). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+'(\.{1,2}\/[^']*)'/g;
const SIDE_EFFECT_IMPORT = /(?:^|\n)\s*import\s+'(\.{1,2}\/[^']*)'/g;

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every relative import between the source files under `roots`, type-only imports included. */
export function importGraph(roots: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of roots.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of [...text.matchAll(IMPORT), ...text.matchAll(SIDE_EFFECT_IMPORT)]) {
      const target = resolveImport(file, match[1]!);
      if (target && !/\.test\.tsx?$/.test(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The graph with each node mapped by `group` (a folder, an area); edges inside one group drop out. */
export function groupedGraph(graph: Map<string, Set<string>>, group: (file: string) => string | null) {
  const grouped = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const a = group(from);
    if (a === null) continue;
    if (!grouped.has(a)) grouped.set(a, new Set());
    for (const target of targets) {
      const b = group(target);
      if (b !== null && b !== a) grouped.get(a)!.add(b);
    }
  }
  return grouped;
}

/** The import loops of a graph: its strongly connected parts of more than one node (Tarjan). */
export function importLoops(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || graph.get(node)?.has(node)) loops.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}
