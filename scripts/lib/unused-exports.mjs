// Unused exports: an export that no file uses (no other file imports it, its own file does not use it) is
// dead code. typescript-eslint cannot see across files, and knip would be one more dependency to install
// for one check, so this reads the import graph with the TypeScript compiler (parsing only, no type check).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Files whose exports are read by a tool or a runtime rather than imported (entry points, configs, tests). */
const ENTRY = [
  /(^|\/)[^/]+\.config\.ts$/,
  /\.test\.tsx?$/,
  /(^|\/)global-setup\.ts$/,
  /^apps\/server\/src\/(main|worker)\.ts$/,
  /^apps\/server\/src\/cli\//,
  /^apps\/web\/src\/main\.tsx$/,
];

/** Exports kept on purpose, each with its reason (file -> names). */
const KEPT = {};

function programFiles(tsconfigPath) {
  const { config } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfigPath));
  return { files: parsed.fileNames, options: parsed.options };
}

/** How often each identifier occurs in a file (an export's own declaration is one). */
function identifierCounts(source) {
  const counts = new Map();
  const visit = (node) => {
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

function exportedNames(source) {
  const names = [];
  const has = (node, kind) => ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === kind);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      names.push('default');
      continue;
    }
    if (!has(statement, ts.SyntaxKind.ExportKeyword)) continue;
    if (has(statement, ts.SyntaxKind.DefaultKeyword)) names.push('default');
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if (statement.name && ts.isIdentifier(statement.name)) names.push(statement.name.text);
  }
  return names;
}

/**
 * `{ file, name }` for every export of the workspaces' own files (not node_modules) that no file uses.
 * `import * as`, `export *` and `import()` count as using every export of their module.
 */
export function findUnusedExports(root, workspaces) {
  const exportsOf = new Map();
  const used = new Map();
  const use = (file, name) => {
    if (!used.has(file)) used.set(file, new Set());
    used.get(file).add(name);
  };
  for (const workspace of workspaces) {
    const { files, options } = programFiles(path.join(root, workspace, 'tsconfig.json'));
    const host = ts.createCompilerHost(options);
    const cache = ts.createModuleResolutionCache(path.join(root, workspace), (name) => name, options);
    for (const file of files) {
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      // An export its own file uses (a parameter type of an exported function, a constant) is alive: only
      // the `export` may be spare, which is style, not dead code.
      const counts = identifierCounts(source);
      exportsOf.set(fs.realpathSync(file), exportedNames(source).filter((name) => name === 'default' || counts.get(name) === 1));
      const resolve = (specifier) => {
        const resolved = ts.resolveModuleName(specifier, file, options, host, cache).resolvedModule;
        // Workspace packages (@app/contracts) resolve through a node_modules link to our own sources.
        const real = resolved && fs.realpathSync(resolved.resolvedFileName);
        return real && !real.includes(`${path.sep}node_modules${path.sep}`) ? real : undefined;
      };
      const visit = (node) => {
        let specifier;
        let names = ['*'];
        if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
          specifier = node.moduleSpecifier.text;
          const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
          if (clause) {
            names = [];
            if (clause.name) names.push('default');
            if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) names.push('*');
            if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
              for (const element of clause.namedBindings.elements) names.push((element.propertyName ?? element.name).text);
            }
          } else if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
            names = node.exportClause.elements.map((element) => (element.propertyName ?? element.name).text);
          } else if (ts.isImportDeclaration(node)) names = [];
        } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
          specifier = node.arguments[0].text;
        } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
          specifier = node.argument.literal.text;
        }
        if (specifier !== undefined) {
          const target = resolve(specifier);
          if (target) for (const name of names) use(target, name);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  const unused = [];
  for (const [file, names] of exportsOf) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (relative.startsWith('..') || relative.includes('node_modules/') || ENTRY.some((pattern) => pattern.test(relative))) continue;
    const usedNames = used.get(file) ?? new Set();
    if (usedNames.has('*')) continue;
    for (const name of names) {
      if (!usedNames.has(name) && !KEPT[relative]?.includes(name)) unused.push({ file: relative, name });
    }
  }
  return unused;
}
