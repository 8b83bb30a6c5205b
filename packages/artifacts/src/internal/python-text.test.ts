import { describe, expect, it } from 'vitest'
import { isPythonSpace, pythonSplitLines, pythonSplitWhitespace } from './python-text.js'

describe('Python string semantics', () => {
  it('splits on whitespace like str.split(maxsplit=n)', () => {
    expect(pythonSplitWhitespace('  a b\tc  ')).toEqual(['a', 'b', 'c'])
    expect(pythonSplitWhitespace(' a b  c d  ', 2)).toEqual(['a', 'b', 'c d  '])
    expect(pythonSplitWhitespace('a  ', 1)).toEqual(['a'])
    expect(pythonSplitWhitespace('')).toEqual([])
  })

  it('splits lines like str.splitlines()', () => {
    expect(pythonSplitLines('a\nb\r\nc\u2028d\n')).toEqual(['a', 'b', 'c', 'd'])
    expect(pythonSplitLines('\n a')).toEqual(['', ' a'])
  })

  it('knows what str.isspace() holds for', () => {
    expect(isPythonSpace(' \t\u00a0')).toBe(true)
    expect(isPythonSpace('')).toBe(false)
    expect(isPythonSpace(' a')).toBe(false)
  })
})
