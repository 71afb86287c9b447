// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    headers?: Record<string, string>
    method?: string
    body?: string
    /** Each request in turn; setupRequest may change it just before it is sent. */
    requests?: {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      setupRequest?: (req: RequestParams) => RequestParams
    }[]
    /** Called with each connection's client object (lib/httpClient.js) before it connects. */
    setupClient?: (client: unknown) => void
  }
  interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
