// Types of stryker.slices.mjs for the TypeScript that reads it (scripts/mutation.ts).
export const SLICES: Record<string, { mutate: string[]; tests: string[] }>
export function selectedSlice(name?: string): { name: string; mutate: string[]; tests: string[] } | undefined
export const EXCLUDED: string[]
