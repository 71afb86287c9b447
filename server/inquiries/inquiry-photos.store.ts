// Quote-form photos on disk, private to the studio: held under DATA_DIR/photo-holding/<token>/ from the moment the
// visitor picks them until the inquiry is sent, then under DATA_DIR/inquiry-photos/<inquiry id>/ beside the record.
// Every photo is re-encoded on arrival (upright, metadata gone, long edge capped), so nothing the camera wrote is kept.
import { link, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import sharp from 'sharp'
import { INQUIRY_ID_PATTERN } from './inquiry-record.schema'
import { displayName, PHOTO_TOKEN_PATTERN } from './photo-rules'

/** The stored photo's long edge: enough to judge a venue wall or an inspiration picture at full screen. */
export const PHOTO_MAX_EDGE = 2048
export const THUMB_EDGE = 400
/** Photos picked but never sent are forgotten after this long. */
export const HOLD_MS = 6 * 60 * 60 * 1000
/** A photo folder with no inquiry record (a crash between the two) is removed once it is this old. */
const ORPHAN_MS = 10 * 60 * 1000
/** Nothing a phone makes comes near this; a decompression bomb does. */
const MAX_INPUT_PIXELS = 80_000_000

export const PHOTO_ID_PATTERN = /^[0-9a-f]{16}$/

/** One stored photo, as the inquiry record lists it. */
export interface StoredPhoto {
  id: string
  /** The visitor's file name, for the owner's download (never used as a path). */
  name: string
  width: number
  height: number
  bytes: number
}

interface HeldMeta {
  serviceId: string
  fieldId: string
  name: string
  width: number
  height: number
  bytes: number
  heldAt: string
}

/** The photo re-encoded as JPEG (upright, no metadata, capped) and its thumbnail; throws when it cannot be decoded. */
export async function cleanPhoto(bytes: Uint8Array): Promise<{ photo: Buffer; thumb: Buffer; width: number; height: number }> {
  const base = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
  const { data: photo, info } = await base()
    .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true })
  const thumb = await base()
    .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 72 })
    .toBuffer()
  return { photo, thumb, width: info.width, height: info.height }
}

async function writeSynced(path: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(path, 'w', 0o600)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null)
  await handle?.sync().catch(() => undefined)
  await handle?.close()
}

/** One per data directory, made in createAppDeps (it keeps when it last swept the holding area). */
export class PhotoStore {
  readonly holdingDir: string
  readonly dir: string
  private lastSweep = 0

  constructor(readonly dataDir: string) {
    this.holdingDir = join(dataDir, 'photo-holding')
    this.dir = join(dataDir, 'inquiry-photos')
  }

  private held(token: string): string {
    if (!PHOTO_TOKEN_PATTERN.test(token)) throw new Error(`Not a photo token: ${token}`)
    return join(this.holdingDir, token)
  }

  private folder(inquiryId: string): string {
    if (!INQUIRY_ID_PATTERN.test(inquiryId)) throw new Error(`Not an inquiry id: ${inquiryId}`)
    return join(this.dir, inquiryId)
  }

  /** Keeps a cleaned photo for a form still being filled in; returns its token. The folder appears whole or not at all. */
  async hold(
    cleaned: { photo: Buffer; thumb: Buffer; width: number; height: number },
    about: { serviceId: string; fieldId: string; name: string },
  ): Promise<string> {
    void this.sweepHolding()
    const token = randomBytes(16).toString('hex')
    const temp = join(this.holdingDir, `.${token}.partial`)
    await mkdir(temp, { recursive: true, mode: 0o700 })
    try {
      const meta: HeldMeta = {
        ...about,
        name: displayName(about.name),
        width: cleaned.width,
        height: cleaned.height,
        bytes: cleaned.photo.length,
        heldAt: new Date().toISOString(),
      }
      await writeSynced(join(temp, 'photo.jpg'), cleaned.photo)
      await writeSynced(join(temp, 'thumb.jpg'), cleaned.thumb)
      await writeSynced(join(temp, 'meta.json'), JSON.stringify(meta))
      await rename(temp, this.held(token))
    } catch (err) {
      await rm(temp, { recursive: true, force: true })
      throw err
    }
    return token
  }

  private async heldMeta(token: string): Promise<HeldMeta | null> {
    try {
      const meta = JSON.parse(await readFile(join(this.held(token), 'meta.json'), 'utf8')) as HeldMeta
      return Date.now() - Date.parse(meta.heldAt) < HOLD_MS ? meta : null
    } catch {
      return null
    }
  }

  /**
   * Gives the held photos to a new inquiry: linked (not moved) into a folder that appears whole, so a failure before
   * the record is written leaves the held copies for the visitor's retry. Photos no longer held (expired, sent
   * already, for another form) are left out and counted in `missing`.
   */
  async claim(
    inquiryId: string,
    serviceId: string,
    wanted: { fieldId: string; tokens: string[] }[],
  ): Promise<{ photos: Record<string, StoredPhoto[]>; missing: number; tokens: string[] }> {
    const photos: Record<string, StoredPhoto[]> = {}
    const used: string[] = []
    let missing = 0
    const target = this.folder(inquiryId)
    const temp = join(this.dir, `.${inquiryId}.partial`)
    try {
      for (const { fieldId, tokens } of wanted) {
        for (const token of tokens) {
          const meta = await this.heldMeta(token)
          if (!meta || meta.serviceId !== serviceId || meta.fieldId !== fieldId) {
            missing++
            continue
          }
          if (!used.length) await mkdir(temp, { recursive: true, mode: 0o700 })
          const id = randomBytes(8).toString('hex')
          await link(join(this.held(token), 'photo.jpg'), join(temp, `${id}.jpg`))
          await link(join(this.held(token), 'thumb.jpg'), join(temp, `${id}-thumb.jpg`))
          ;(photos[fieldId] ??= []).push({ id, name: meta.name, width: meta.width, height: meta.height, bytes: meta.bytes })
          used.push(token)
        }
      }
      if (used.length) {
        await rename(temp, target)
        await syncDir(this.dir)
      }
    } catch (err) {
      await rm(temp, { recursive: true, force: true })
      throw err
    }
    return { photos, missing, tokens: used }
  }

  /** Forgets held photos: sent with an inquiry (after its record is written), or dropped by a bot's form. */
  async release(tokens: readonly string[]): Promise<void> {
    for (const token of tokens) if (PHOTO_TOKEN_PATTERN.test(token)) await rm(this.held(token), { recursive: true, force: true })
  }

  /** Whether a held photo exists (for tests and the visitor's remove). */
  async isHeld(token: string): Promise<boolean> {
    return PHOTO_TOKEN_PATTERN.test(token) && (await this.heldMeta(token)) !== null
  }

  /** The stored photo or its thumbnail; null when there is none. */
  async read(inquiryId: string, photoId: string, variant: 'full' | 'thumb'): Promise<Buffer | null> {
    if (!INQUIRY_ID_PATTERN.test(inquiryId) || !PHOTO_ID_PATTERN.test(photoId)) return null
    return readFile(join(this.folder(inquiryId), variant === 'thumb' ? `${photoId}-thumb.jpg` : `${photoId}.jpg`)).catch(() => null)
  }

  /** Deletes an inquiry's photos (with the inquiry, or when its record could not be written). */
  async remove(inquiryId: string): Promise<void> {
    await rm(this.folder(inquiryId), { recursive: true, force: true })
  }

  /** Removes held photos past their time; at most once a minute, whoever asks. */
  async sweepHolding(now = Date.now()): Promise<void> {
    if (now - this.lastSweep < 60_000) return
    this.lastSweep = now
    for (const name of await readdir(this.holdingDir).catch(() => [] as string[])) {
      const path = join(this.holdingDir, name)
      const info = await stat(path).catch(() => null)
      if (info && now - info.mtimeMs > HOLD_MS) await rm(path, { recursive: true, force: true })
    }
  }

  /** At start-up: photo folders whose inquiry record never got written (or was deleted) are removed. */
  async sweepOrphans(inquiriesDir: string, now = Date.now()): Promise<string[]> {
    const removed: string[] = []
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const id = name.replace(/^\.(.*)\.partial$/, '$1')
      const path = join(this.dir, name)
      const info = await stat(path).catch(() => null)
      if (!info || now - info.mtimeMs < ORPHAN_MS) continue
      const hasRecord =
        name === id &&
        INQUIRY_ID_PATTERN.test(id) &&
        (await stat(join(inquiriesDir, `${id}.json`)).then(
          () => true,
          () => false,
        ))
      if (!hasRecord) {
        await rm(path, { recursive: true, force: true })
        removed.push(name)
      }
    }
    return removed
  }
}
