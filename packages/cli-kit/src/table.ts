/** Pad cells into aligned columns, for humans; `-` for empty cells. */
export function renderTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const text = (cell: unknown): string =>
    cell === null || cell === undefined || cell === ''
      ? '-'
      : typeof cell === 'string'
        ? cell
        : JSON.stringify(cell)
  const cells = rows.map((row) => row.map(text))
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
  return (
    fields
      .map(([name, value]) => {
        const text =
          value === null || value === undefined || value === ''
            ? '-'
            : typeof value === 'string'
              ? value
              : JSON.stringify(value)
        return `${`${name}:`.padEnd(width + 1)} ${text}`
      })
      .join('\n') + '\n'
  )
}
