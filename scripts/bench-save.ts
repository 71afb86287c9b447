// Benchmark (d): admin save-to-commit latency (the answer comes after the commit), and 50 saves sent at once.
import { login, percentile, printTable, startBenchSite, verdict } from './bench-lib'

const SEQUENTIAL = Number(process.env.BENCH_SAVES ?? 100)
const PARALLEL = 50

async function main() {
  const site = await startBenchSite()
  try {
    const cookie = await login(site.url)
    const services = ((await (await fetch(`${site.url}/api/services`, { headers: { Cookie: cookie } })).json()) as { id: string }[]).map(
      (s) => s.id,
    )
    const commits = () => Number(site.git('rev-list', '--count', 'HEAD').trim())
    const save = async (id: string, description: string) => {
      const started = performance.now()
      const res = await fetch(`${site.url}/api/services/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: site.url, Cookie: cookie },
        body: JSON.stringify({ description }),
      })
      if (res.status !== 200) throw new Error(`save of ${id} answered ${res.status}: ${await res.text()}`)
      return performance.now() - started
    }

    const before = commits()
    const times: number[] = []
    for (let i = 0; i < SEQUENTIAL; i++) times.push(await save(services[i % services.length], `Sequential benchmark save ${i}`))
    const sequentialCommits = commits() - before
    times.sort((a, b) => a - b)

    const beforeParallel = commits()
    const started = performance.now()
    const markers = Array.from({ length: PARALLEL }, (_, i) => `parallel-save-marker-${i}`)
    const parallelTimes = await Promise.all(markers.map((m, i) => save(services[i % services.length], `Parallel benchmark save ${m}`)))
    const total = performance.now() - started
    const parallelCommits = commits() - beforeParallel
    const log = site.git('log', `-${PARALLEL}`, '-p', '--format=%s')
    const lost = markers.filter((m) => !new RegExp(`${m}(?!\\d)`).test(log))
    parallelTimes.sort((a, b) => a - b)

    const ms = (n: number) => `${n.toFixed(1)} ms`
    console.log(`PUT /api/services/<id> {description}; the answer is sent after the commit exists (temp content repo)\n`)
    printTable(
      ['run', 'saves', 'commits', 'p50', 'p99', 'max', 'total'],
      [
        [
          'sequential',
          SEQUENTIAL,
          sequentialCommits,
          ms(percentile(times, 50)),
          ms(percentile(times, 99)),
          ms(times[times.length - 1]),
          ms(times.reduce((a, b) => a + b, 0)),
        ],
        [
          '50 at once',
          PARALLEL,
          parallelCommits,
          ms(percentile(parallelTimes, 50)),
          ms(percentile(parallelTimes, 99)),
          ms(parallelTimes[parallelTimes.length - 1]),
          ms(total),
        ],
      ],
    )
    console.log(
      `\nsave-to-commit p50 ${ms(percentile(times, 50))} (target <= 50 ms: ${verdict(percentile(times, 50) <= 50)}), p99 ${ms(percentile(times, 99))} (target <= 150 ms: ${verdict(percentile(times, 99) <= 150)})`,
    )
    console.log(
      `50 parallel saves: ${parallelCommits} commits, ${lost.length} lost, ${ms(total)} in all (${verdict(parallelCommits === PARALLEL && lost.length === 0)})`,
    )
    if (sequentialCommits !== SEQUENTIAL || parallelCommits !== PARALLEL || lost.length) process.exitCode = 1
  } finally {
    await site.stop()
  }
}

await main()
