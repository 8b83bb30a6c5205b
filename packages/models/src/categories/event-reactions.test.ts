import { describe, expect, it } from 'vitest'
import { BareDataCategory, EventReactionAction } from '../enumerations.js'
import { ValidationError } from '../errors/validation-error.js'
import { parseModel } from '../parse.js'
import { EventReactionSchema, EventReactionsRequestSchema, EventReactionsSchema } from './event-reactions.js'

/** A matcher for a string matching `pattern`, typed so that it can sit in a typed object. */
function matching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern)
}

function rejection(
  schema: typeof EventReactionSchema | typeof EventReactionsRequestSchema,
  value: unknown,
): ValidationError {
  try {
    parseModel('EventReactions', schema, value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

const notify = {
  action: EventReactionAction.SEND_NOTIFICATION,
  channel: 'admin-team',
  data: { from: 'debusine@example.org', to: ['team@example.org'], subject: 'Build of hello failed' },
}

describe('event reactions a client sends', () => {
  it('defaults every event to an empty list', () => {
    expect(parseModel('EventReactions', EventReactionsRequestSchema, {})).toEqual({
      on_creation: [],
      on_unblock: [],
      on_assignment: [],
      on_success: [],
      on_failure: [],
    })
  })

  it('accepts send-notification and fills its defaults', () => {
    const reactions = parseModel('EventReactions', EventReactionsRequestSchema, {
      on_failure: [notify, { action: 'send-notification', channel: 'irc' }],
    })
    expect(reactions.on_failure).toEqual([
      { ...notify, data: { ...notify.data, cc: [] } },
      { action: 'send-notification', channel: 'irc', data: null },
    ])
  })

  it('refuses every other action', () => {
    const error = rejection(EventReactionsRequestSchema, {
      on_failure: [{ action: EventReactionAction.RETRY_WITH_DELAYS, delays: ['30m'] }],
    })
    expect(error.issues).toEqual([
      expect.objectContaining({
        path: 'on_failure.0.action',
        rule: 'invalid_union',
        message: matching(/send-notification/),
      }),
    ])
  })

  it('refuses an unknown event, a missing channel and an address that is not an e-mail', () => {
    expect(rejection(EventReactionsRequestSchema, { on_abort: [] }).issues).toEqual([
      expect.objectContaining({
        path: '',
        rule: 'unrecognized_keys',
        message: matching(/on_abort/),
      }),
    ])
    expect(
      rejection(EventReactionsRequestSchema, { on_success: [{ action: 'send-notification' }] }).issues,
    ).toEqual([expect.objectContaining({ path: 'on_success.0.channel', rule: 'invalid_type' })])
    const badAddress = { ...notify, data: { cc: ['not an address'] } }
    expect(rejection(EventReactionsRequestSchema, { on_success: [badAddress] }).issues).toEqual([
      expect.objectContaining({ path: 'on_success.0.data.cc.0', rule: 'invalid_format' }),
    ])
  })
})

describe('event reaction actions', () => {
  it.each([
    [{ action: 'skip-if-lookup-result-changed', lookup: 'sid@debian:qa-results/latest:lintian_hello_amd64' }],
    [
      {
        action: 'update-collection-with-artifacts',
        collection: 'internal@collections',
        name_template: '{package}_{version}',
        variables: { $package: 'deb_fields.Package', $version: 'deb_fields.Version' },
        artifact_filters: { category: 'debian:binary-package' },
      },
    ],
    [
      {
        action: 'update-collection-with-data',
        collection: 'sid@debian:qa-results',
        category: BareDataCategory.QA_RESULT,
        data: { package: 'hello' },
        created_at: '2025-05-12T10:00:00+00:00',
      },
    ],
    [{ action: 'retry-with-delays', delays: ['30m', '1h', '2d', '1w'] }],
    [{ action: 'record-in-task-history', subject: 'hello' }],
    [notify],
  ])('accepts %j', (action) => {
    expect(parseModel('EventReaction', EventReactionSchema, action)).toMatchObject(action)
  })

  it('refuses an unknown action', () => {
    expect(rejection(EventReactionSchema, { action: 'send-email' }).issues).toEqual([
      expect.objectContaining({ path: 'action', rule: 'invalid_union' }),
    ])
  })

  it('refuses a delay without a unit and a data item of an unknown category', () => {
    expect(rejection(EventReactionSchema, { action: 'retry-with-delays', delays: ['30'] }).issues).toEqual([
      expect.objectContaining({ path: 'delays.0', rule: 'invalid_format' }),
    ])
    const update = {
      action: 'update-collection-with-data',
      collection: 'sid@debian:qa-results',
      category: 'debian:nonsense',
    }
    expect(rejection(EventReactionSchema, update).issues).toEqual([
      expect.objectContaining({ path: 'category', rule: 'invalid_value' }),
    ])
  })

  it('requires artifact_filters when updating a collection with artifacts', () => {
    expect(
      rejection(EventReactionSchema, {
        action: 'update-collection-with-artifacts',
        collection: 'internal@collections',
      }).issues,
    ).toEqual([expect.objectContaining({ path: 'artifact_filters', rule: 'invalid_type' })])
  })

  it('holds any action in the reactions the server reports', () => {
    const reactions = parseModel('EventReactions', EventReactionsSchema, {
      on_assignment: [{ action: 'skip-if-lookup-result-changed', lookup: 7, collection_item_id: 9 }],
      on_failure: [{ action: 'retry-with-delays', delays: ['1h'] }],
    })
    expect(reactions.on_assignment[0]).toEqual({
      action: 'skip-if-lookup-result-changed',
      lookup: 7,
      collection_item_id: 9,
      promise_name: null,
    })
  })
})
