import { spawn } from 'node:child_process'
import { open, type FileHandle } from 'node:fs/promises'
import { promisify } from 'node:util'
import * as zlib from 'node:zlib'
import { extract } from 'tar-stream'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { parseDeb822, type Deb822Fields } from './deb822.js'
import type { ReadOptions } from './source-control-file.js'

/** What a `.deb` (or `.udeb`) says about itself in its `control.tar`. */
export interface DebControl {
  /** The fields of its `control` file, keys spelled as there, values as python-debian gives them. */
  fields: Deb822Fields
  /** Names of the files in `control.tar`, without `./`, sorted (e.g. `control`, `md5sums`, `postinst`). */
  controlFiles: string[]
}

const AR_MAGIC = '!<arch>\n'
const AR_HEADER_SIZE = 60
// control.tar is small (kilobytes); refuse absurd sizes instead of allocating them.
const MAX_CONTROL_SIZE = 64 * 1024 * 1024

const gunzip = promisify(zlib.gunzip)

async function readExactly(handle: FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

/** Run a decompressor program, feeding it `input` and collecting its output. */
function runDecompressor(
  program: string,
  input: Buffer,
  path: string,
  member: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, ['--decompress', '--stdout'], { stdio: ['pipe', 'pipe', 'pipe'], signal })
    const output: Buffer[] = []
    const errors: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk))
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (signal?.aborted) reject(signal.reason as Error)
      else if (error.code === 'ENOENT') {
        reject(
          new ArtifactRuleError(
            `Reading ${member} of "${path}" needs the "${program}" program, which was not found: install it (Debian package ${program === 'xz' ? 'xz-utils' : program})`,
            [path],
            { cause: error },
          ),
        )
      } else reject(error)
    })
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(output))
      else if (!signal?.aborted) {
        reject(
          new ArtifactRuleError(
            `${member} of "${path}" is not valid: ${program} said ${Buffer.concat(errors).toString().trim()}`,
            [path],
          ),
        )
      }
    })
    child.stdin.on('error', () => {
      // The program exited early; its exit status tells why.
    })
    child.stdin.end(input)
  })
}

async function decompress(member: string, data: Buffer, path: string, signal?: AbortSignal): Promise<Buffer> {
  if (member === 'control.tar') return data
  if (member === 'control.tar.gz') return gunzip(data)
  if (member === 'control.tar.zst') {
    // Node has zstd since 22.15; older ones use the zstd program.
    return typeof zlib.zstdDecompress === 'function'
      ? promisify(zlib.zstdDecompress)(data)
      : runDecompressor('zstd', data, path, member, signal)
  }
  if (member === 'control.tar.xz') return runDecompressor('xz', data, path, member, signal)
  throw new ArtifactRuleError(`"${path}" has an unsupported control member "${member}"`, [path])
}

async function readControlMember(
  path: string,
  signal?: AbortSignal,
): Promise<{ member: string; data: Buffer }> {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    throw new ArtifactRuleError(`Cannot read "${path}": ${(error as Error).message}`, [path], {
      cause: error,
    })
  }
  try {
    const magic = await readExactly(handle, AR_MAGIC.length, 0)
    if (magic.toString('latin1') !== AR_MAGIC) {
      throw new ArtifactRuleError(`"${path}" is not a Debian binary package (no ar archive header)`, [path])
    }
    let position = AR_MAGIC.length
    for (;;) {
      signal?.throwIfAborted()
      const header = await readExactly(handle, AR_HEADER_SIZE, position)
      if (header.length < AR_HEADER_SIZE) break
      const name = header.toString('latin1', 0, 16).trimEnd().replace(/\/$/, '')
      const size = Number.parseInt(header.toString('latin1', 48, 58).trim(), 10)
      if (header.toString('latin1', 58, 60) !== '`\n' || !Number.isSafeInteger(size) || size < 0) {
        throw new ArtifactRuleError(`"${path}" is not a valid ar archive (bad member header)`, [path])
      }
      position += AR_HEADER_SIZE
      if (name.startsWith('control.tar')) {
        if (size > MAX_CONTROL_SIZE) throw new ArtifactRuleError(`${name} of "${path}" is too large`, [path])
        const data = await readExactly(handle, size, position)
        if (data.length < size) throw new ArtifactRuleError(`"${path}" is truncated`, [path])
        return { member: name, data }
      }
      position += size + (size % 2)
    }
  } finally {
    await handle.close()
  }
  throw new ArtifactRuleError(`"${path}" has no control.tar member`, [path])
}

async function readTar(tar: Buffer, path: string): Promise<{ names: string[]; control?: Buffer }> {
  const names: string[] = []
  let control: Buffer | undefined
  const extractor = extract()
  const done = (async () => {
    for await (const entry of extractor) {
      const name = entry.header.name.replace(/^\.?\//, '')
      const chunks: Buffer[] = []
      for await (const chunk of entry) chunks.push(chunk as Buffer)
      if (entry.header.type !== 'directory' && name !== '' && name !== '.') {
        names.push(name)
        if (name === 'control') control = Buffer.concat(chunks)
      }
    }
  })()
  extractor.end(tar)
  try {
    await done
  } catch (error) {
    throw new ArtifactRuleError(`The control.tar of "${path}" is not a valid tar archive`, [path], {
      cause: error,
    })
  }
  return control === undefined ? { names } : { names, control }
}

/**
 * Read the control information of a `.deb` or `.udeb`: the `control` paragraph and the
 * names of the files in `control.tar`.
 *
 * The package is an ar archive; only its `control.tar` member is read (never the data).
 * `control.tar.gz`, `control.tar.zst` and an uncompressed `control.tar` are read by Node
 * itself. Node has no xz decoder, so `control.tar.xz` (what dpkg-deb writes by default) is
 * piped through the `xz` program, present on every Debian system (xz-utils); when it is
 * missing the error says so.
 *
 * @example
 * const { fields, controlFiles } = await readDebControl('hello_1.0-1_amd64.deb')
 * @throws {ArtifactRuleError} when the file is not a readable Debian package
 */
export async function readDebControl(path: string, options: ReadOptions = {}): Promise<DebControl> {
  const { member, data } = await readControlMember(path, options.signal)
  let tar: Buffer
  try {
    tar = await decompress(member, data, path, options.signal)
  } catch (error) {
    if (ArtifactRuleError.isInstance(error) || options.signal?.aborted) throw error
    throw new ArtifactRuleError(`${member} of "${path}" cannot be decompressed`, [path], { cause: error })
  }
  const { names, control } = await readTar(tar, path)
  if (control === undefined) throw new ArtifactRuleError(`"${path}" has no control file in ${member}`, [path])
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(control)
  } catch (error) {
    throw new ArtifactRuleError(`The control file of "${path}" is not valid UTF-8`, [path], { cause: error })
  }
  return { fields: parseDeb822(text, { signedFileWrapper: false }), controlFiles: names.sort() }
}
