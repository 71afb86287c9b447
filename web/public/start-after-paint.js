// Starts the app bundle and switches on the web fonts' stylesheet on server-rendered pages only once the page has
// loaded and painted, so that on a phone's slow link the HTML, stylesheet and hero image have the bandwidth to
// themselves (server/render/page-renderer.ts).
// A tap on a button before then starts the app at once and is repeated on that button when the app is running;
// links work without it; focusing a field starts it too, and the form takes over what was typed meanwhile.
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry')
// web/main.tsx announces it once React has hydrated the page.
const running = new Promise((resolve) => addEventListener('app-running', resolve, { once: true }))
let app

function start() {
  if (!app) {
    // The page's own chunks load beside the entry instead of after it.
    const preload = document.querySelector('script[data-entry]')?.getAttribute('data-preload') ?? ''
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.append(link)
    }
  }
  app ??= import(entry).then(async () => {
    await running
    document.removeEventListener('click', early, true)
  })
  return app
}

function early(event) {
  const button = event.target instanceof Element ? event.target.closest('button') : null
  if (!button) return
  event.preventDefault()
  event.stopPropagation()
  void start().then(() => button.click())
}

if (entry) {
  document.addEventListener('click', early, true)
  // A visitor who starts filling in a form gets the app at once (the form keeps what was typed meanwhile).
  document.addEventListener('focusin', () => void start(), { once: true, capture: true })
  const afterPaint = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        // The web fonts' stylesheet (media="print" until now), then the app.
        for (const link of document.querySelectorAll('link[data-after-paint]')) link.media = 'all'
        void start()
        addSpeculationRules()
        reportPageView()
      }),
    )
  // `load` can come before the first frame is on screen (the page's images are few); wait for both.
  const loaded = new Promise((resolve) => {
    if (document.readyState === 'complete') resolve()
    else addEventListener('load', resolve, { once: true })
  })
  void Promise.all([loaded, firstContentfulPaint()]).then(afterPaint)
}

// Counts the visit, no cookie, nothing stored (server/insights/: only utm_* of the query and the referrer's host kept).
function reportPageView() {
  navigator.sendBeacon?.('/api/collect', JSON.stringify({ path: location.pathname + location.search, referrer: document.referrer }))
}

/** Resolves once the browser reports the first contentful paint (at once where it cannot tell). */
function firstContentfulPaint() {
  return new Promise((resolve) => {
    const done = (entries) => entries.some((e) => e.name === 'first-contentful-paint')
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint') || done(performance.getEntriesByType('paint'))) return resolve()
    const observer = new PerformanceObserver((list) => {
      if (!done(list.getEntries())) return
      observer.disconnect()
      resolve()
    })
    observer.observe({ type: 'paint', buffered: true })
  })
}

/**
 * Lets Chrome and Edge fetch a public page while a visitor hovers or presses its link ("moderate"; prefetch only,
 * nothing runs twice), so moving between pages feels instant. Added after the first paint: it must not compete with
 * the hero. Other browsers ignore it.
 */
function addSpeculationRules() {
  if (!HTMLScriptElement.supports?.('speculationrules')) return
  const not = (href_matches) => ({ not: { href_matches } })
  const rules = document.createElement('script')
  rules.type = 'speculationrules'
  rules.textContent = JSON.stringify({
    prefetch: [
      {
        source: 'document',
        where: { and: [{ href_matches: '/*' }, not('/admin'), not('/admin/*'), not('/api/*'), not('/uploads/*'), not('/img/*')] },
        eagerness: 'moderate',
      },
    ],
  })
  document.head.append(rules)
}
