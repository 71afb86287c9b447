import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('configuration defaults', () => {
  it('serves this checkout: content from its root, the data directory and the built app beside it', () => {
    const config = loadConfig({})
    expect(existsSync(join(config.contentRoot, 'content/site.yaml'))).toBe(true)
    expect(existsSync(join(config.contentRoot, 'package.json'))).toBe(true)
    expect(config.dataDir).toBe(join(config.contentRoot, 'data'))
    expect(config.clientDir).toBe(join(config.contentRoot, 'dist/client'))
  })
})
