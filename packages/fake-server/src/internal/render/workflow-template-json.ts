import type { TemplateRecord } from '../records.js'

/** A workflow template as the server's API renders it. */
export function workflowTemplateJson(scope: string, template: TemplateRecord): Record<string, unknown> {
  return {
    id: template.id,
    name: template.name,
    task_name: template.taskName,
    static_parameters: template.staticParameters,
    runtime_parameters: template.runtimeParameters,
    priority: template.priority,
    extra_groups: [],
    restricted: false,
    links: {
      self: `/api/1.0/workflow-template/${template.workspace}/${template.id}/`,
      webui_self: `/${scope}/${template.workspace}/workflow-template/${encodeURIComponent(template.name)}/`,
    },
  }
}
