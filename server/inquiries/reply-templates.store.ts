// The owner's reply templates, DATA_DIR/reply-templates.json: a few subjects and bodies with {name}-style placeholders.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'
import { DEFAULT_REPLY_TEMPLATES, ReplyTemplateListSchema, type ReplyTemplate } from './reply-templates.schema'

/** One per data directory, made in createAppDeps, so every write goes through one queue. */
export class ReplyTemplateStore {
  readonly file: string
  private readonly writes = new SerialQueue()

  constructor(dataDir: string) {
    this.file = join(dataDir, 'reply-templates.json')
  }

  /** The saved templates, or the starter set until the owner saves her own. */
  async read(): Promise<ReplyTemplate[]> {
    try {
      return ReplyTemplateListSchema.parse(JSON.parse(await readFile(this.file, 'utf8')))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_REPLY_TEMPLATES
      throw err
    }
  }

  async write(templates: ReplyTemplate[]): Promise<ReplyTemplate[]> {
    await this.writes.run(() => writeFileDurable(this.file, JSON.stringify(templates, null, 2)))
    return templates
  }
}
