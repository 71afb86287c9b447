// The Backups card's calls, and the archive's size as the owner reads it.
import { beforeEach, describe, expect, it } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../../lib/testing-api'
import { backUpNow, formatSize, getBackupStatus } from './backup-api'

let server: FakeApi
beforeEach(() => {
  server = fakeApi({}, { last: null })
})

describe('the calls', () => {
  it('reads the status, and takes a backup now', async () => {
    expect(await getBackupStatus()).toEqual({ last: null })
    await backUpNow()
    expect(calls(server)).toEqual([
      { method: 'GET', url: '/api/admin/backups', body: undefined },
      { method: 'POST', url: '/api/admin/backups', body: undefined },
    ])
  })
})

describe('formatSize', () => {
  it('counts bytes under a thousand as bytes', () => {
    expect(formatSize(0)).toBe('0 bytes')
    expect(formatSize(999)).toBe('999 bytes')
  })

  it('counts in thousands, to one decimal, from KB to GB', () => {
    expect(formatSize(1000)).toBe('1.0 KB')
    expect(formatSize(1940)).toBe('1.9 KB')
    expect(formatSize(999_949)).toBe('999.9 KB')
    expect(formatSize(1_000_000)).toBe('1.0 MB')
    expect(formatSize(12_400_000)).toBe('12.4 MB')
    expect(formatSize(1_000_000_000)).toBe('1.0 GB')
  })

  it('stays in GB past a thousand of them', () => {
    expect(formatSize(2_500_000_000_000)).toBe('2500.0 GB')
  })
})
