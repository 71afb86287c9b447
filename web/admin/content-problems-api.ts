// The dashboard's calls for content files that do not read as valid content: the list, and putting one back.
import { apiRequest } from '../lib/api-client'
import type { ContentProblem, RestoreResult } from '../../server/history/history.types'

export type { ContentProblem }

export const getContentProblems = async () => (await apiRequest<{ problems: ContentProblem[] }>('GET', '/admin/content-problems')).problems
export const putBackLastValid = (file: string) => apiRequest<RestoreResult>('POST', '/admin/content-problems/restore', { body: { file } })
