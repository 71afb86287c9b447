// Visitors and page views per day as a uPlot line chart (canvas; the same figures are in the table beside it), with
// the previous period's visitors dashed for comparison. Drawn at the width of its box and redrawn when that changes.
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { InsightsReport } from './insights-api'
import { shortDate } from './period'
import { chartTop } from './insights-figures'

const HEIGHT = 240

export function DayChart({ days, previous }: { days: InsightsReport['days']; previous: InsightsReport['days'] }) {
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const data: uPlot.AlignedData = [
      days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
      days.map((d) => d.visitors),
      days.map((d) => d.pageviews),
      days.map((_, i) => previous[i]?.visitors ?? null),
    ]
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { drag: { x: false, y: false } },
        scales: { y: { range: (_u, _min, max) => [0, chartTop(max)] } },
        axes: [
          { stroke: '#6b5d6c', grid: { stroke: '#efe6dc' }, ticks: { stroke: '#e8ddd2' } },
          { stroke: '#6b5d6c', grid: { stroke: '#efe6dc' }, ticks: { stroke: '#e8ddd2' }, size: 44 },
        ],
        series: [
          { label: 'Day', value: (_u, ts) => (ts == null ? '' : shortDate(new Date(ts * 1000).toISOString().slice(0, 10))) },
          { label: 'Visitors', stroke: '#c2476b', width: 2.5, fill: 'rgba(194, 71, 107, 0.10)', points: { size: 6 } },
          { label: 'Page views', stroke: '#4a2a4f', width: 2, points: { size: 5 } },
          { label: 'Visitors, period before', stroke: '#8a7a8b', width: 1.5, dash: [6, 5], points: { show: false } },
        ],
      },
      data,
      el,
    )
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [days, previous])

  return <div ref={box} className="admin-insights__chart" aria-hidden="true" />
}
