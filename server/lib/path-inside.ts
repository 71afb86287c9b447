// Whether a path lies inside a folder, by its path alone. `relative()` answers `..` or `../…` for a path outside;
// a name inside that only starts with two dots (`..data`) is a folder inside, not a way out.
import { isAbsolute, relative, sep } from 'node:path'

/** The path relative to the folder ('' for the folder itself), or null when it lies outside the folder. */
export function relativeInside(parent: string, child: string): string | null {
  const rel = relative(parent, child)
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : rel
}

/** True when `child` is `parent` itself or lies inside it. */
export function isInside(child: string, parent: string): boolean {
  return relativeInside(parent, child) !== null
}
