import { ValidationError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import {
  appendToInheritanceChain,
  removeFromInheritanceChain,
  toInheritanceChainElement,
} from './inheritance-chain.js'

describe('inheritance chain arithmetic', () => {
  it('turns texts and objects into elements, keeping only id, scope and workspace', () => {
    expect(toInheritanceChainElement('12')).toEqual({ id: 12, scope: null, workspace: null })
    expect(toInheritanceChainElement('debian/base')).toEqual({ id: null, scope: 'debian', workspace: 'base' })
    expect(toInheritanceChainElement({ id: 3, scope: 's', workspace: 'w', links: {} } as never)).toEqual({
      id: 3,
      scope: 's',
      workspace: 'w',
    })
    expect(() => toInheritanceChainElement({ scope: 's' })).toThrow(ValidationError)
  })

  it('+ concatenates, - removes every element matching the set components', () => {
    const chain = [
      { id: 1, scope: 'debian', workspace: 'base' },
      { id: 2, scope: 'other', workspace: 'base' },
      { id: 3, scope: 'debian', workspace: 'extra' },
    ]
    expect(appendToInheritanceChain(chain, ['more']).map((element) => element.workspace)).toEqual([
      'base',
      'base',
      'extra',
      'more',
    ])
    expect(removeFromInheritanceChain(chain, ['base']).map((element) => element.id)).toEqual([3])
    expect(removeFromInheritanceChain(chain, ['debian/base']).map((element) => element.id)).toEqual([2, 3])
    expect(
      removeFromInheritanceChain(chain, ['3', { scope: 'other', workspace: 'base' }]).map(
        (element) => element.id,
      ),
    ).toEqual([1])
    expect(removeFromInheritanceChain(chain, ['nothing'])).toHaveLength(3)
  })
})
