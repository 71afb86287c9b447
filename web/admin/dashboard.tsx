// The signed-in dashboard: header with Log out, and the tabs. Add a tab with one line in ADMIN_TABS.
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react'
import { useBlocker, useNavigate, useParams } from 'react-router-dom'
import * as Tabs from '@radix-ui/react-tabs'
import { ServicesPanel } from './services/services-panel'
import { TestimonialsPanel } from './testimonials/testimonials-panel'
import { DeliveryPanel } from './delivery/delivery-panel'
import { InboxPanel } from './inbox/inbox-panel'
import { NewInquiriesBadge } from './inbox/new-inquiries'
import { HistoryPanel } from './history/history-panel'
import { BackupStatusLine } from './backup/backup-status'
import { ContentProblemsBanner } from './content-problems/content-problems-banner'
import { Loading } from './ui/loading'
import { useLeaveGuard } from './ui/leave-guard'

/** Its chart library (uPlot) loads only when the tab is opened. */
const CalendarPanel = lazy(async () => ({ default: (await import('./calendar/calendar-panel')).CalendarPanel }))
const InsightsPanel = lazy(async () => ({ default: (await import('./insights/insights-panel')).InsightsPanel }))
const SitePanel = lazy(async () => ({ default: (await import('./site/site-panel')).SitePanel }))
const FaqPanel = lazy(async () => ({ default: (await import('./faq/faq-panel')).FaqPanel }))
const PricingPanel = lazy(async () => ({ default: (await import('./pricing/pricing-panel')).PricingPanel }))
const AccountPanel = lazy(async () => ({ default: (await import('./account/account-panel')).AccountPanel }))

interface AdminTab {
  /** Stable key, also used in the tab's DOM ids. */
  value: string
  /** What the owner reads on the tab. */
  label: string
  /** The panel; may be React.lazy(() => import('./<feature>/<feature>-panel')). */
  Panel: ComponentType
  /** Shown after the label, e.g. a count of what waits there. */
  Badge?: ComponentType
}

const ADMIN_TABS: AdminTab[] = [
  { value: 'services', label: 'Service Management', Panel: ServicesPanel },
  { value: 'testimonials', label: 'Testimonials Management', Panel: TestimonialsPanel },
  { value: 'delivery', label: 'Delivery & Installation Page', Panel: DeliveryPanel },
  { value: 'site', label: 'Site', Panel: SitePanel },
  { value: 'faq', label: 'FAQ', Panel: FaqPanel },
  { value: 'pricing', label: 'Pricing', Panel: PricingPanel },
  { value: 'inbox', label: 'Inbox', Panel: InboxPanel, Badge: NewInquiriesBadge },
  { value: 'calendar', label: 'Calendar', Panel: CalendarPanel },
  { value: 'history', label: 'History', Panel: HistoryPanel },
  { value: 'insights', label: 'Insights', Panel: InsightsPanel },
  { value: 'account', label: 'Sign-in & sessions', Panel: AccountPanel },
]

/** `focusHeading`: right after logging in, focus moves to the dashboard's heading (the login form is gone). */
export function Dashboard({
  brand,
  onLogout,
  focusHeading = false,
}: {
  brand: string | null
  onLogout: () => void
  focusHeading?: boolean
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusHeading) heading.current?.focus()
  }, [focusHeading])
  // Each tab has its own address (/admin/inbox, ...), so the owner can bookmark or reload it; /admin is the first.
  const params = useParams()
  const navigate = useNavigate()
  const tab = ADMIN_TABS.find((t) => t.value === params.tab)?.value ?? ADMIN_TABS[0].value
  const { confirmLeave, hasUnsaved } = useLeaveGuard()
  // Any move to another tab (a click, Back or Forward) asks first while something is unsaved.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsaved() && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    void confirmLeave().then((leave) => (leave ? blocker.proceed() : blocker.reset()))
  }, [blocker, confirmLeave])

  // On a phone the tabs are one row that scrolls sideways: the chosen one is brought into that row's view.
  const tabList = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const list = tabList.current
    const active = list?.querySelector<HTMLElement>('[data-state="active"]')
    if (!list || !active || list.scrollWidth <= list.clientWidth) return
    const [row, chosen] = [list.getBoundingClientRect(), active.getBoundingClientRect()]
    list.scrollLeft += chosen.left - row.left - (row.width - chosen.width) / 2
  }, [tab])

  const changeTab = (next: string) => {
    const path = next === ADMIN_TABS[0].value ? '/admin' : `/admin/${next}`
    // A click both presses and focuses the tab, and each reports the change: one move, not two.
    if (next !== tab && blocker.state === 'unblocked' && window.location.pathname !== path) navigate(path)
  }
  const requestLogout = async () => {
    if (await confirmLeave()) onLogout()
  }

  return (
    <div className="admin-shell">
      <header className="admin-header">
        <div className="admin-header__inner">
          <div className="admin-header__brand">
            <span className="admin-header__studio">{brand || 'Studio'}</span>
            <h1 className="admin-header__title" ref={heading} tabIndex={-1}>
              Admin Dashboard
            </h1>
          </div>
          <div className="admin-header__actions">
            <a className="admin-button admin-button--ghost" href="/" target="_blank" rel="noopener">
              View site
            </a>
            <button type="button" className="admin-button admin-button--outline" onClick={requestLogout}>
              Log out
            </button>
          </div>
        </div>
      </header>
      <main className="admin-main">
        <BackupStatusLine />
        <ContentProblemsBanner />
        <Tabs.Root className="admin-tabs" value={tab} onValueChange={changeTab}>
          <div className="admin-tabs__bar">
            <Tabs.List ref={tabList} className="admin-tabs__list" aria-label="Dashboard sections">
              {ADMIN_TABS.map((t) => (
                <Tabs.Trigger key={t.value} value={t.value} className="admin-tabs__trigger">
                  {t.label}
                  {t.Badge && <t.Badge />}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </div>
          {ADMIN_TABS.map(({ value, Panel }) => (
            <Tabs.Content key={value} value={value} className="admin-tabs__panel">
              <Suspense fallback={<Loading />}>
                <Panel />
              </Suspense>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </div>
  )
}
