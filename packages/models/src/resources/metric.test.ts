import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MetricType } from '../enumerations.js'
import { MetricRequestModel, MetricRequestSchema } from './metric.js'

describe('MetricRequest', () => {
  it('accepts every metric type', () => {
    for (const metric_type of Object.values(MetricType)) {
      expect(MetricRequestModel.create({ metric_type, name: 'x', labels: {}, value: 1.5 }).metric_type).toBe(
        metric_type,
      )
    }
  })

  it('rejects another metric type, naming the field and the rule', () => {
    expect(() =>
      MetricRequestModel.create({ metric_type: 'meter' as never, name: 'x', labels: {}, value: 1 }),
    ).toThrow(/Invalid MetricRequest: metric_type: .*\(invalid_value\)/)
  })

  it('requires every field, string labels, a number value; rejects unknown fields', () => {
    expect(() =>
      MetricRequestModel.create({ metric_type: 'counter', name: 'x', labels: {} } as never),
    ).toThrow(/value: /)
    expect(() =>
      MetricRequestModel.create({ metric_type: 'counter', name: 'x', labels: { a: 1 as never }, value: 1 }),
    ).toThrow(/labels\.a: .*\(invalid_type\)/)
    expect(() =>
      MetricRequestModel.create({ metric_type: 'counter', name: 'x', labels: {}, value: '1' as never }),
    ).toThrow(/value: /)
    expect(() =>
      MetricRequestModel.create({
        metric_type: 'counter',
        name: 'x',
        labels: {},
        value: 1,
        help: 'h',
      } as never),
    ).toThrow(/unrecognized_keys/)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(MetricType)),
        fc.string({ minLength: 1 }),
        fc.dictionary(
          fc.string().filter((key) => key !== '__proto__'),
          fc.string(),
        ),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Object.is(value, -0)),
        (metric_type, name, labels, value) => {
          const request = MetricRequestSchema.parse({ metric_type, name, labels, value })
          expect(MetricRequestSchema.parse(JSON.parse(JSON.stringify(request)))).toEqual(request)
        },
      ),
    )
  })
})
