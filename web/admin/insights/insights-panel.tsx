// Insights: visitors and page views per day, where they came from, what they looked at and which services they asked
// about, for the last 7, 30 or 90 days or a chosen range, against the period before; CSV export. Loaded only here.
import { useEffect, useState, type FormEvent } from 'react'
import { Loading } from '../ui/loading'
import { DayChart } from './day-chart'
import { getInsights, insightsCsvUrl, type DateRange, type InsightsReport } from './insights-api'
import {
  CampaignsTable,
  DaysTable,
  DevicesList,
  LandingPagesTable,
  PagesList,
  Section,
  ServicesTable,
  SourcesTable,
} from './insights-lists'
import { changeLabel, lastDays, PRESETS } from './period'
import { isStale, loadFailure, periodSentence, rangeProblem, reportFigures } from './insights-figures'
import './insights.css'

type Period = (typeof PRESETS)[number] | 'custom'

export function InsightsPanel() {
  const [period, setPeriod] = useState<Period>(30)
  const [range, setRange] = useState<DateRange>(() => lastDays(30))
  const [report, setReport] = useState<InsightsReport | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const abort = new AbortController()
    setError(null)
    getInsights(range, abort.signal).then(setReport, (err: unknown) => {
      const failure = loadFailure(err, abort.signal.aborted)
      if (failure !== null) setError(failure)
    })
    return () => abort.abort()
  }, [range])

  const choose = (p: Period) => {
    setPeriod(p)
    if (p !== 'custom') setRange(lastDays(p))
  }

  return (
    <div className="admin-insights">
      <div className="admin-card admin-insights__top">
        <div className="admin-card__header">
          <div>
            <h2 className="admin-card__title">Insights</h2>
            <p className="admin-card__hint">
              Counted without cookies. Visitors are people per day; the same person on two days counts twice.
            </p>
          </div>
          <a className="admin-button admin-button--outline" href={insightsCsvUrl(range)} download>
            Export CSV
          </a>
        </div>
        <div className="admin-insights__filters" role="group" aria-label="Period">
          {PRESETS.map((days) => (
            <button key={days} type="button" className="admin-insights__filter" aria-pressed={period === days} onClick={() => choose(days)}>
              {days} days
            </button>
          ))}
          <button type="button" className="admin-insights__filter" aria-pressed={period === 'custom'} onClick={() => choose('custom')}>
            Choose dates
          </button>
        </div>
        {period === 'custom' && <RangeForm range={range} onChange={setRange} />}
      </div>

      {error && (
        <p className="admin-insights__error" role="alert">
          {error}
        </p>
      )}
      {!report ? !error && <Loading /> : <Report report={report} stale={isStale(report, range)} />}
    </div>
  )
}

function RangeForm({ range, onChange }: { range: DateRange; onChange: (r: DateRange) => void }) {
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = rangeProblem(from, to)
    setProblem(found)
    if (found === null) onChange({ from, to })
  }
  return (
    <form className="admin-insights__range" onSubmit={submit} noValidate>
      <div className="admin-field">
        <label htmlFor="insights-from">From</label>
        <input
          id="insights-from"
          className="admin-input"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          aria-describedby={problem ? 'insights-range-problem' : undefined}
        />
      </div>
      <div className="admin-field">
        <label htmlFor="insights-to">To</label>
        <input
          id="insights-to"
          className="admin-input"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          aria-describedby={problem ? 'insights-range-problem' : undefined}
        />
      </div>
      <button type="submit" className="admin-button admin-button--primary">
        Show
      </button>
      {problem && (
        <p id="insights-range-problem" className="admin-error-text" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}

function Report({ report, stale }: { report: InsightsReport; stale: boolean }) {
  const { previous } = report
  const figures = reportFigures(report)
  return (
    <div className="admin-insights__report" aria-busy={stale}>
      <p className="admin-insights__period">{periodSentence(report)}</p>
      <ul className="admin-insights__figures" aria-label="Totals">
        {figures.map((f) => (
          <li key={f.label} className="admin-insights__figure">
            <span className="admin-insights__figure-label">{f.label}</span>
            <span className="admin-insights__figure-value">{f.now.toLocaleString('en-US')}</span>
            <span className="admin-insights__figure-change">
              {changeLabel(f.now, f.before)}{' '}
              <span className="admin-insights__figure-before">(before: {f.before.toLocaleString('en-US')})</span>
            </span>
          </li>
        ))}
      </ul>

      <Section id="insights-days" title="Visitors and page views per day" hint="The dashed line is the period before, day by day.">
        <DayChart days={report.days} previous={previous.days} />
        <details className="admin-insights__details">
          <summary>Show as a table</summary>
          <DaysTable report={report} />
        </details>
      </Section>

      <div className="admin-insights__grid">
        <Section
          id="insights-services"
          title="Services"
          hint="Views of each service's page, the people who saw it, and the inquiries sent for it."
        >
          <ServicesTable report={report} />
        </Section>
        <Section id="insights-sources" title="Sources" hint="The site or utm_source link each visitor first came from.">
          <SourcesTable report={report} />
        </Section>
        <Section id="insights-campaigns" title="Campaigns" hint="Visitors who came through a link with utm_campaign.">
          <CampaignsTable report={report} />
        </Section>
        <Section id="insights-pages" title="Top pages">
          <PagesList report={report} />
        </Section>
        <Section id="insights-devices" title="Devices">
          <DevicesList report={report} />
        </Section>
        <Section
          id="insights-landing"
          title="Where converting visits began"
          hint="The first page of each visit that ended in an inquiry or a sign-up."
        >
          <LandingPagesTable report={report} />
        </Section>
      </div>
    </div>
  )
}
