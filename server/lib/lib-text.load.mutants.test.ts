// Each module of the lib-text slice loads and offers what the app uses (see module-loads).
import { describeModulesLoad } from '../testing/module-loads'

describeModulesLoad('text, time and logging modules', {
  text: [() => import('./text'), ['textLine', 'textBlock', 'plainText', 'idFromWords', 'oneLineForLog']],
  csv: [() => import('./csv'), ['toCsv', 'csvCell', 'csvStream', 'csvResponse']],
  config: [() => import('./config'), ['loadConfig', 'isHttps', 'PROJECT_ROOT']],
  'studio-time': [() => import('./studio-time'), ['studioToday', 'isCalendarDate', 'formatStudioTime', 'DATE_PATTERN']],
  'studio-wall-clock': [() => import('./studio-wall-clock'), ['studioIso', 'studioInstant', 'studioInputValue']],
  clock: [() => import('./clock'), ['clockNow', 'moveClockTo', 'resetClock']],
  schedule: [() => import('./schedule'), ['isShownAt', 'scheduleState', 'scheduleBoundaries', 'windowProblem']],
  logger: [() => import('./logger'), ['logger', 'createLogger', 'requestLogger', 'scrub']],
})
