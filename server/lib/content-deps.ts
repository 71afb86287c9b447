// What every feature is built from: the configuration, the content repository (writes) and the content store (reads).
import type { Config } from './config'
import type { ContentStore } from './content-store'
import type { ContentRepo } from './git'

export interface ContentDeps {
  config: Config
  /** Git work tree at config.contentRoot; every write goes through repo.change() and is one commit. */
  repo: ContentRepo
  /** Validated reads and atomic writes of the files under content/. */
  store: ContentStore
}
