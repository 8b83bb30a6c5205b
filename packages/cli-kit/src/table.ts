/** A cell for humans: `-` when empty, a string as is, anything else as compact JSON. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined || cell === '') return '-'
  return typeof cell === 'string' ? cell : JSON.stringify(cell)
}

/** Pad cells into aligned columns, for humans; `-` for empty cells. */
export function renderTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = rows.map((row) => row.map(cellText))
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)),
  )
  const line = (row: readonly string[]): string =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd()
  return [line(headers), line(widths.map((width) => '─'.repeat(width))), ...cells.map(line)].join('\n') + '\n'
}

/** `Name: value` lines, aligned, for one object; nested values as compact JSON. */
export function renderFields(fields: readonly (readonly [string, unknown])[]): string {
  const width = Math.max(...fields.map(([name]) => name.length))
  return fields.map(([name, value]) => `${`${name}:`.padEnd(width + 1)} ${cellText(value)}`).join('\n') + '\n'
}
