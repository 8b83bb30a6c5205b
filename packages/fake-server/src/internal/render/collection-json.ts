import type { CollectionItemRecord, CollectionRecord } from '../records.js'

/** A collection as the server's API renders it (no statistics asked). */
export function collectionJson(scope: string, collection: CollectionRecord): Record<string, unknown> {
  const webCategory = `/${scope}/${collection.workspace}/collection/${collection.category}/`
  return {
    id: collection.id,
    category: collection.category,
    name: collection.name,
    full_history_retention_period: null,
    metadata_only_retention_period: null,
    data: collection.data,
    stats: null,
    links: {
      self: `/api/1.0/collection/${collection.workspace}/${collection.id}/`,
      webui_self: `${webCategory}${collection.name}/`,
      webui_category: { href: webCategory, type: 'category' },
    },
  }
}

/** An item of a collection as the server's API renders it. */
export function collectionItemJson(item: CollectionItemRecord): Record<string, unknown> {
  return { name: item.name, category: item.category, data: item.data }
}
