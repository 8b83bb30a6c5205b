/** An option taking a string, shown in help as `valueName`. */
export const text = (valueName: string, summary: string) => ({ kind: 'string', valueName, summary }) as const

/** An option taking a whole number, shown in help as `valueName`. */
export const integer = (valueName: string, summary: string) =>
  ({ kind: 'integer', valueName, summary }) as const
