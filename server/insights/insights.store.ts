// The days of counts under DATA_DIR/insights/<year>/<date>.json: read back validated, written durably.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileDurable } from '../lib/durable-file'
import { DayCountsSchema, type DayCounts } from './insights.schema'

export class InsightsStore {
  constructor(private readonly dir: string) {}

  static for(dataDir: string): InsightsStore {
    return new InsightsStore(join(dataDir, 'insights'))
  }

  private file(date: string): string {
    return join(this.dir, date.slice(0, 4), `${date}.json`)
  }

  /** The day's counts, or null when none were kept; a damaged file is reported and read as none. */
  async readDay(date: string): Promise<DayCounts | null> {
    let text: string
    try {
      text = await readFile(this.file(date), 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    const parsed = DayCountsSchema.safeParse(json)
    if (parsed.success) return parsed.data
    console.error(`Insights: ${this.file(date)} does not hold a day of counts; read as empty`)
    return null
  }

  writeDay(day: DayCounts): Promise<void> {
    return writeFileDurable(this.file(day.date), JSON.stringify(day))
  }
}
