/**
 * The code the documentation shows, read from where it is written: every ```ts block of the
 * READMEs and every `@example` of the doc comments in the packages' and apps' sources. Each
 * is type-checked as a module of its own, beside the file that holds it, with the packages
 * resolved by name to their sources (as the tests resolve them).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'
import { sourcePackages } from './source-files.mjs'

/** One piece of code the documentation shows. */
export interface DocSnippet {
  /** The file that holds it, absolute. */
  file: string
  /** The line of `file` where the code starts, from 1. */
  line: number
  /** `readme` for a ```ts block, `example` for an `@example` tag. */
  kind: 'readme' | 'example'
  code: string
}

/** Every ```ts block of a Markdown text, with the line each starts on. */
export function readmeBlocks(file: string, text: string): DocSnippet[] {
  const blocks: DocSnippet[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    if (lines[index]?.trim() !== '```ts') continue
    const start = index + 1
    let end = start
    while (end < lines.length && lines[end]?.trim() !== '```') end++
    blocks.push({ file, line: start + 1, kind: 'readme', code: lines.slice(start, end).join('\n') })
    index = end
  }
  return blocks
}

/**
 * Every `@example` of the doc comments of a TypeScript text: the comment's lines after the
 * tag, up to the next tag or the comment's end, without their leading ` * ` (and without a
 * Markdown fence, which typedoc also accepts around the code).
 */
export function exampleTags(file: string, text: string): DocSnippet[] {
  const examples: DocSnippet[] = []
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const firstLine = text.slice(0, comment.index).split('\n').length
    const lines = comment[0].split('\n').map((line) => line.replace(/^\s*\/?\*+\/?\s?/, ''))
    lines[lines.length - 1] = lines.at(-1)?.replace(/\s*\*\/$/, '') ?? ''
    for (let index = 0; index < lines.length; index++) {
      if (!/^@example\b/.test(lines[index] ?? '')) continue
      let end = index + 1
      while (end < lines.length && !/^@\w/.test(lines[end] ?? '')) end++
      const body = lines.slice(index + 1, end).filter((line) => !/^```/.test(line.trim()))
      const code = body.join('\n').trim()
      if (code !== '') examples.push({ file, line: firstLine + index + 1, kind: 'example', code })
      index = end - 1
    }
  }
  return examples
}

/** The READMEs of the repository (its own, each package's and app's, the examples'). */
export function readmeFiles(root: string): string[] {
  const files = [join(root, 'README.md'), join(root, 'examples', 'README.md')]
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group)).sort()) files.push(join(root, group, name, 'README.md'))
  }
  return files.filter((file) => existsSync(file))
}

/** Every snippet of the repository: the READMEs' blocks, then the sources' examples. */
export function docSnippets(root: string): DocSnippet[] {
  const snippets = readmeFiles(root).flatMap((file) => readmeBlocks(file, readFileSync(file, 'utf8')))
  for (const { files } of sourcePackages(root) as { files: string[] }[]) {
    for (const file of files) snippets.push(...exampleTags(file, readFileSync(file, 'utf8')))
  }
  return snippets
}

/** A snippet that does not type-check, with the compiler's messages. */
export interface SnippetFailure {
  /** `path:line` of the snippet, relative to the repository. */
  where: string
  messages: string[]
}

/**
 * The errors of "Cannot find name" (and of a shorthand property without a value): such a
 * name is the reader's own, declared `any`.
 */
const FREE_NAME_CODES = new Set([2304, 2552, 2580, 2582, 2593, 18004])

/** The virtual module a snippet is checked as, beside the file that holds it. */
function snippetPath(snippet: DocSnippet, index: number): string {
  return join(dirname(snippet.file), `__doc_snippet_${index}.mts`)
}

/** The names a snippet imports or declares at its top level. */
function ownNames(code: string): Set<string> {
  const source = ts.createSourceFile('snippet.mts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const names = new Set<string>()
  const add = (name: ts.BindingName | ts.Identifier | undefined): void => {
    if (name !== undefined && ts.isIdentifier(name)) names.add(name.text)
  }
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      add(clause?.name)
      const bindings = clause?.namedBindings
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) add(bindings.name)
      if (bindings !== undefined && ts.isNamedImports(bindings))
        for (const element of bindings.elements) add(element.name)
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) add(declaration.name)
    } else if (
      ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)
    ) {
      add(statement.name)
    }
  }
  return names
}

/** The compiler options of the sources, with the packages resolved by name to their sources. */
function compilerOptions(root: string): ts.CompilerOptions {
  const configFile = join(root, 'tooling', 'tsconfig.json')
  const config = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path))
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configFile))
  // A snippet shows a use, not a whole module: unused names, type-only imports written as
  // plain ones, and the parameters of a callback given to a reader's own `any` value are the
  // reader's concern.
  return {
    ...parsed.options,
    noEmit: true,
    verbatimModuleSyntax: false,
    isolatedModules: false,
    noUnusedLocals: false,
    noUnusedParameters: false,
    noImplicitAny: false,
    allowUnreachableCode: true,
  }
}

/** A program of the virtual snippet modules `files` over the real file system. */
function programOf(
  options: ts.CompilerOptions,
  files: Map<string, string>,
  old: ts.Program | undefined,
): ts.Program {
  const real = ts.createCompilerHost(options)
  const host: ts.CompilerHost = {
    ...real,
    fileExists: (path) => files.has(path) || real.fileExists(path),
    readFile: (path) => files.get(path) ?? real.readFile(path),
    getSourceFile: (path, language, onError, create) => {
      const text = files.get(path)
      return text === undefined
        ? real.getSourceFile(path, language, onError, create)
        : ts.createSourceFile(path, text, language, true)
    },
  }
  return ts.createProgram({ rootNames: [...files.keys()], options, host, oldProgram: old })
}

/** The names a source file exports, by the program's checker; none when it is no module. */
function exportedNames(program: ts.Program, file: string): string[] {
  const source = program.getSourceFile(file)
  const symbol = source === undefined ? undefined : program.getTypeChecker().getSymbolAtLocation(source)
  if (symbol === undefined) return []
  return program
    .getTypeChecker()
    .getExportsOfModule(symbol)
    .map((exported) => exported.name)
    .filter((name) => name !== 'default')
}

/** The package index an example's file belongs to, when it is in a package. */
function packageIndex(root: string, file: string): string | undefined {
  const match = /^packages\/([^/]+)\/src\//.exec(relative(root, file))
  return match === null ? undefined : join(root, 'packages', match[1] ?? '', 'src', 'index.ts')
}

/**
 * The text a snippet is checked as. An `@example` sees, without importing them, the names
 * its own file and its package's index export (a doc comment shows the use of its symbol);
 * a README block is checked as written. Either may use names of its own (`client`,
 * `request`) that it does not declare: `free` declares them `any`.
 */
function moduleText(root: string, program: ts.Program, snippet: DocSnippet, free: Set<string>): string {
  const own = ownNames(snippet.code)
  const header: string[] = []
  if (snippet.kind === 'example') {
    const sources = [snippet.file, packageIndex(root, snippet.file)].filter((file) => file !== undefined)
    for (const source of sources) {
      const names = exportedNames(program, source).filter((name) => !own.has(name) && !free.has(name))
      for (const name of names) own.add(name)
      const specifier = `./${relative(dirname(snippet.file), source).replace(/\.ts$/, '.js')}`
      if (names.length > 0) header.push(`import { ${names.join(', ')} } from '${specifier}'`)
    }
  }
  for (const name of free) header.push(`declare const ${name}: any`)
  // One line, so that the snippet's own lines keep their numbers after it.
  return `${header.join('; ')}; export {}\n${snippet.code}\n`
}

/** The free name a diagnostic reports, and its message naming the line of `snippet`'s file. */
function describe(snippet: DocSnippet, diagnostic: ts.Diagnostic): Report {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
  const line =
    diagnostic.file === undefined || diagnostic.start === undefined
      ? 0
      : diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
  const free = FREE_NAME_CODES.has(diagnostic.code) ? /'([^']+)'/.exec(message)?.[1] : undefined
  // Line 0 is the header; the snippet's first line is line 1.
  const where = line === 0 ? 'in the names it sees' : `line ${snippet.line + line - 1}`
  return { free, message: `${where}: TS${diagnostic.code} ${message}` }
}

/** The diagnostics of the snippets `which`, checked in one program made after `old`. */
function diagnose(
  root: string,
  context: { options: ts.CompilerOptions; base: ts.Program; old: ts.Program },
  snippets: readonly DocSnippet[],
  which: { index: number; free: Set<string> }[],
): { program: ts.Program; reports: Report[][] } {
  const files = new Map(
    which.map(({ index, free }) => {
      const snippet = snippets[index] as DocSnippet
      return [snippetPath(snippet, index), moduleText(root, context.base, snippet, free)]
    }),
  )
  const program = programOf(context.options, files, context.old)
  const reports = which.map(({ index }) => {
    const snippet = snippets[index] as DocSnippet
    const file = program.getSourceFile(snippetPath(snippet, index))
    const diagnostics =
      file === undefined
        ? []
        : [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
    return diagnostics.map((diagnostic) => describe(snippet, diagnostic))
  })
  return { program, reports }
}

/** What {@link describe} makes of a diagnostic. */
type Report = { free: string | undefined; message: string }

/**
 * Type-check every snippet; the ones that fail, each with its messages. The first pass finds
 * the names a snippet uses without declaring them; the snippets that have some are checked
 * again with those declared.
 */
export function checkSnippets(root: string, snippets: readonly DocSnippet[]): SnippetFailure[] {
  const options = compilerOptions(root)
  const indexes = snippets.map((snippet) => packageIndex(root, snippet.file))
  const sources = snippets.map((snippet) => snippet.file).filter((file) => file.endsWith('.ts'))
  const rootNames = [...new Set([...sources, ...indexes])].filter((file) => file !== undefined)
  const base = ts.createProgram(rootNames, options)
  const all = snippets.map((_, index) => ({ index, free: new Set<string>() }))
  const first = diagnose(root, { options, base, old: base }, snippets, all)
  const reports = first.reports
  const again = all.filter(({ index, free }) => {
    for (const report of reports[index] ?? []) if (report.free !== undefined) free.add(report.free)
    return free.size > 0
  })
  const second = diagnose(root, { options, base, old: first.program }, snippets, again)
  again.forEach(({ index }, position) => (reports[index] = second.reports[position] ?? []))
  return snippets.flatMap((snippet, index) => {
    const messages = (reports[index] ?? []).map((report) => report.message)
    return messages.length === 0
      ? []
      : [{ where: `${relative(root, snippet.file)}:${snippet.line}`, messages }]
  })
}
