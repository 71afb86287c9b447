// The Insights tab's lists: bars for pages and devices, tables for sources, campaigns, services and converting pages.
import type { CSSProperties, ReactNode } from 'react'
import type { InsightsReport } from './insights-api'
import { conversionRate } from './period'
import { barWidths, deviceLabel, newestFirst, sourceLabel } from './insights-figures'
const EMPTY = 'Nothing in this period.'

export function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="admin-card admin-insights__section" aria-labelledby={id}>
      <h3 id={id} className="admin-card__title">
        {title}
      </h3>
      {hint && <p className="admin-card__hint">{hint}</p>}
      {children}
    </section>
  )
}

/** Label, figure and a bar relative to the largest; the bar is decoration, the figure is the content. */
function BarList({ rows, unit, limit = 10 }: { rows: { label: string; value: number }[]; unit: string; limit?: number }) {
  if (!rows.length) return <p className="admin-empty-note">{EMPTY}</p>
  const widths = barWidths(rows.map((r) => r.value))
  return (
    <ol className="admin-insights__bars">
      {rows.slice(0, limit).map((r, i) => (
        <li key={r.label}>
          <span className="admin-insights__bar-label">{r.label}</span>
          <span className="admin-insights__bar-value">
            {r.value.toLocaleString('en-US')} <span className="admin-visually-hidden">{unit}</span>
          </span>
          <span className="admin-insights__bar" aria-hidden="true" style={{ width: `${widths[i]}%` }} />
        </li>
      ))}
    </ol>
  )
}

/** A table; on a phone each row becomes the name over its figures, each figure labelled (data-label, insights.css). */
function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  if (!rows.length) return <p className="admin-empty-note">{EMPTY}</p>
  return (
    <div className="admin-insights__table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-insights__table" style={{ '--columns': head.length - 1 } as CSSProperties}>
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i ? 'is-number' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="is-number" data-label={head[i]}>
                    {typeof cell === 'number' ? cell.toLocaleString('en-US') : cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function PagesList({ report }: { report: InsightsReport }) {
  return <BarList unit="page views" rows={report.pages.map((p) => ({ label: p.path, value: p.pageviews }))} />
}

export function DevicesList({ report }: { report: InsightsReport }) {
  return <BarList unit="visitors" rows={report.devices.map((d) => ({ label: deviceLabel(d.device), value: d.visitors }))} />
}

export function SourcesTable({ report }: { report: InsightsReport }) {
  return (
    <Table
      caption="Sources"
      head={['Source', 'Visitors', 'Inquiries', 'Sign-ups']}
      rows={report.sources.map((s) => [sourceLabel(s.source), s.visitors, s.inquiries, s.signups])}
    />
  )
}

export function CampaignsTable({ report }: { report: InsightsReport }) {
  return (
    <Table
      caption="Campaigns"
      head={['Campaign', 'Visitors', 'Inquiries', 'Sign-ups']}
      rows={report.campaigns.map((s) => [sourceLabel(s.campaign), s.visitors, s.inquiries, s.signups])}
    />
  )
}

export function ServicesTable({ report }: { report: InsightsReport }) {
  return (
    <Table
      caption="Services"
      head={['Service', 'Views', 'Visitors', 'Inquiries', 'Conversion']}
      rows={report.services.map((s) => [s.title, s.views, s.visitors, s.inquiries, conversionRate(s.inquiries, s.visitors)])}
    />
  )
}

export function LandingPagesTable({ report }: { report: InsightsReport }) {
  return (
    <Table
      caption="First page of visits that led to an inquiry or sign-up"
      head={['First page', 'Inquiries', 'Sign-ups']}
      rows={report.landingPages.map((p) => [sourceLabel(p.path), p.inquiries, p.signups])}
    />
  )
}

export function DaysTable({ report }: { report: InsightsReport }) {
  return (
    <Table
      caption="Visitors and page views per day"
      head={['Day', 'Visitors', 'Page views']}
      rows={newestFirst(report.days).map((d) => [d.date, d.visitors, d.pageviews])}
    />
  )
}
