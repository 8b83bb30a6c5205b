import type { OutputStream } from './io.js'
import { toYaml } from './yaml-output.js'

/** Write a list as YAML item by item: the bytes `toYaml(list)` gives, without holding the list. */
export async function writeYamlList(stream: OutputStream, items: AsyncIterable<unknown>): Promise<void> {
  let empty = true
  for await (const item of items) {
    stream.write(await toYaml([item]))
    empty = false
  }
  if (empty) stream.write(await toYaml([]))
}

/** Write a list as JSON item by item: the bytes of `JSON.stringify(list, null, 2)` and a newline. */
export async function writeJsonList(stream: OutputStream, items: AsyncIterable<unknown>): Promise<void> {
  let empty = true
  for await (const item of items) {
    const text = JSON.stringify(item, null, 2).replace(/^/gm, '  ')
    stream.write(`${empty ? '[\n' : ',\n'}${text}`)
    empty = false
  }
  stream.write(empty ? '[]\n' : '\n]\n')
}
