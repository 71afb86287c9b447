// The real server process killed (SIGKILL) in the middle of a burst of inquiry edits: after a restart, every edit the
// API acknowledged (notes, and status changes in their history, in order) is there and every inquiry file still reads.
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess } from '../testing/server-process'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { fixtureFiles, makeJpeg } from '../testing/test-app'
import { InquiryStore } from './inquiries.store'
import { sampleInquiry } from './testing-inquiry'

const PASSWORD = 'crash-test-password'

const start = (content: TempContentRoot) =>
  startServerProcess(content, { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: PASSWORD, PUBLIC_ORIGIN: 'http://localhost:1' })

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: 'owner', password: PASSWORD }),
  })
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]
}

describe('a server killed during a burst of status changes', () => {
  let content: TempContentRoot | undefined
  afterAll(() => content?.cleanup())

  it('keeps every acknowledged note and status change after a restart', async () => {
    content = makeTempContentRoot({ seed: false, files: fixtureFiles(await makeJpeg()) })
    const store = new InquiryStore(content.dataDir)
    const ids: string[] = []
    for (let i = 0; i < 4; i++)
      ids.push(
        (
          await store.create({ ...sampleInquiry({ firstName: `Lead${i}` }), serviceId: 'balloon-garlands' } as never, {
            state: 'not-configured',
            attempts: 0,
          })
        ).id,
      )

    const first = await start(content)
    const cookie = await login(first.url)
    const acknowledged: { id: string; note: string }[] = []
    const statuses = ['contacted', 'quoted', 'booked', 'completed'] as const
    // Per inquiry: the status changes the API acknowledged, in order, and one that may have been cut off unanswered.
    const moves = ids.map(() => ({ acked: [] as string[], inFlight: undefined as string | undefined }))
    let cutOff = 0
    // Edits keep going out, four at a time, until the process is killed under them.
    const burst = async (worker: number) => {
      for (let n = 0; ; n++) {
        const id = ids[worker]
        const note = `w${worker}-n${n}`
        try {
          const res = await fetch(`${first.url}/api/admin/inquiries/${id}/notes`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: first.url, Cookie: cookie },
            body: JSON.stringify({ text: note }),
          })
          if (res.status === 201) acknowledged.push({ id, note })
          const status = statuses[n % 4]
          moves[worker].inFlight = status
          const patched = await fetch(`${first.url}/api/admin/inquiries/${id}`, {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json', Origin: first.url, Cookie: cookie },
            body: JSON.stringify({ status }),
          })
          if (patched.status === 200) moves[worker].acked.push(status)
          moves[worker].inFlight = undefined
        } catch {
          cutOff++
          return
        }
      }
    }
    const workers = [0, 1, 2, 3].map(burst)
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 5))
    first.child.kill('SIGKILL')
    await Promise.all(workers)
    await first.exited
    // Every worker had a request in flight when the process died.
    expect(cutOff).toBe(4)

    const second = await start(content)
    try {
      const again = await login(second.url)
      const res = await fetch(`${second.url}/api/admin/inquiries`, { headers: { Cookie: again } })
      const records = (await res.json()) as { id: string; status: string; notes: { text: string }[]; history: { to: string }[] }[]
      expect(records.map((r) => r.id).sort()).toEqual([...ids].sort())
      for (const { id, note } of acknowledged) {
        expect(
          records.find((r) => r.id === id)!.notes.map((n) => n.text),
          `${id} ${note}`,
        ).toContain(note)
      }
      // Every acknowledged status change is in the history, in order (each one moves to a different status); the
      // status is the last acknowledged one, or the one cut off if it was written before the kill.
      ids.forEach((id, worker) => {
        const { acked, inFlight } = moves[worker]
        const record = records.find((r) => r.id === id)!
        const reached = record.history.map((h) => h.to)
        expect(acked.length, id).toBeGreaterThan(0)
        expect(reached.slice(0, acked.length), id).toEqual(acked)
        expect(reached.slice(acked.length), id).toEqual(reached.length > acked.length && inFlight ? [inFlight] : [])
        expect(record.status, id).toBe(reached.at(-1))
      })
    } finally {
      await second.stop()
    }
  }, 120_000)
})
