import { constants } from 'node:os'
import { UsageError } from './usage-error.js'

/** The C library's words for the errors opening a named file can meet (Python prints these). */
const strerror: Readonly<Record<string, string>> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
  EMFILE: 'Too many open files',
  EIO: 'Input/output error',
}

/**
 * How Python words an OS error about a file (`[Errno 2] No such file or directory: 'x'`),
 * for messages that scripts written for the Python client grep.
 */
export function pythonOsErrorText(error: unknown, file: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const words = code === undefined ? undefined : strerror[code]
  const number = code === undefined ? undefined : (constants.errno as Record<string, number>)[code]
  if (words === undefined || number === undefined) return (error as Error).message
  return `[Errno ${number}] ${words}: '${file}'`
}

/**
 * The usage error (exit 2) for a file argument that cannot be opened, in argparse's words:
 * `argument --data: can't open 'x': [Errno 2] No such file or directory: 'x'`.
 */
export function cannotOpenArgument(
  option: string,
  file: string,
  error: unknown,
  command: readonly string[] = [],
): UsageError {
  return new UsageError(
    `argument ${option}: can't open '${file}': ${pythonOsErrorText(error, file)}`,
    command,
  )
}
