// The owner's reply templates, DATA_DIR/reply-templates.json: a few subjects and bodies with {name}-style placeholders.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'
import { DEFAULT_REPLY_TEMPLATES, ReplyTemplateListSchema, type ReplyTemplate } from './reply-templates.schema'

const queues = new Map<string, SerialQueue>()

export function replyTemplatesFile(dataDir: string): string {
  return join(dataDir, 'reply-templates.json')
}

/** The saved templates, or the starter set until the owner saves her own. */
export async function readReplyTemplates(dataDir: string): Promise<ReplyTemplate[]> {
  try {
    return ReplyTemplateListSchema.parse(JSON.parse(await readFile(replyTemplatesFile(dataDir), 'utf8')))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_REPLY_TEMPLATES
    throw err
  }
}

export async function writeReplyTemplates(dataDir: string, templates: ReplyTemplate[]): Promise<ReplyTemplate[]> {
  let queue = queues.get(dataDir)
  if (!queue) queues.set(dataDir, (queue = new SerialQueue()))
  await queue.run(() => writeFileDurable(replyTemplatesFile(dataDir), JSON.stringify(templates, null, 2)))
  return templates
}
