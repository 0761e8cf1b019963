import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The longest a source file and a function may be (docs/architecture.md, "Size"). */
export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 150;

/** The product's source files: tests, generated code and declaration files left out. */
export function productSourceFiles(roots: string[]): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory())
        return entry.name === 'generated' || entry.name === 'node_modules' ? [] : walk(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [full]
        : [];
    });
  return roots.flatMap(walk);
}

export interface Oversize {
  file: string;
  /** The function's name, or null for the file itself. */
  name: string | null;
  lines: number;
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
    return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** The files over MAX_FILE_LINES and the functions over MAX_FUNCTION_LINES of `text`. */
export function oversizeIn(file: string, text: string): Oversize[] {
  const found: Oversize[] = [];
  const fileLines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (fileLines > MAX_FILE_LINES) found.push({ file, name: null, lines: fileLines });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > MAX_FUNCTION_LINES)
        found.push({ file, name: functionName(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
